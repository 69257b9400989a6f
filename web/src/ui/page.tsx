import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';
import './page.css';

interface PageProps {
  /** The screen's h1, also used for the document title. */
  title: string;
  /** One or two sentences under the title saying what the screen is for. */
  description?: string;
  children?: ReactNode;
}

/** The frame of an ordinary screen: a titled, width-limited column inside the layout. */
export function Page({ title, description, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <div className="page container">
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
        {description ? <p className="page__lead">{description}</p> : null}
      </header>
      {children}
    </div>
  );
}
