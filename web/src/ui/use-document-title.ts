import { useEffect } from 'react';
import { useSettings } from '#web/lib/settings';

/**
 * Sets the tab title to "<screen title> · <website name>" while the screen is shown. A title's soft hyphens (where a
 * long German word may break in the page's heading) have no place in the tab's one line: they are left out.
 */
export function useDocumentTitle(screenTitle: string): void {
  const { websiteName } = useSettings();
  useEffect(() => {
    document.title = `${screenTitle.replaceAll('\u00ad', '')} · ${websiteName}`;
  }, [screenTitle, websiteName]);
}
