import { useEffect } from 'react';
import { useSettings } from '../features/settings/api/get-settings';

/** Sets the tab title to "<screen title> · <website name>" while the screen is shown. */
export function useDocumentTitle(screenTitle: string): void {
  const { websiteName } = useSettings();
  useEffect(() => {
    document.title = `${screenTitle} · ${websiteName}`;
  }, [screenTitle, websiteName]);
}
