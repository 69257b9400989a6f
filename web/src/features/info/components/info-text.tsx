import { Fragment } from 'react';

export interface InfoValues {
  websiteName: string;
  contactEmail: string;
  minDriverAge: number;
}

/** Fills the {{placeholders}} of a content string; the contact address becomes a mailto link. */
export function InfoText({ text, values }: { text: string; values: InfoValues }) {
  const parts = text.split(/({{\s*\w+\s*}})/);
  return (
    <>
      {parts.map((part, index) => {
        const name = part.match(/^{{\s*(\w+)\s*}}$/)?.[1];
        const key = `${index}-${part}`;
        if (name === 'contactEmail') {
          return (
            <a key={key} href={`mailto:${values.contactEmail}`}>
              {values.contactEmail}
            </a>
          );
        }
        if (name && name in values) return <Fragment key={key}>{String(values[name as keyof InfoValues])}</Fragment>;
        return <Fragment key={key}>{part}</Fragment>;
      })}
    </>
  );
}
