// Text a person types (names, messages, notes, searches): the one place that says which characters it may hold
// (docs/architecture.md §4 "Validation"). A control character — NUL above all, which PostgreSQL cannot store in
// text — is never part of what anyone means to type; refused at the edge, it answers 400 with the field named
// instead of reaching the database, a log line, a CSV cell or an e-mail. The schema is in text.schema.ts.

export const TEXT_MESSAGES = {
  controlCharacters: 'Remove the control characters from this text.',
} as const;

/** Every C0 control, DEL and the C1 controls: nothing a single-line field may hold. */
const SINGLE_LINE_CONTROLS = /\p{Cc}/u;
/** The same, but tab, line feed and carriage return: what a message or a note keeps of its layout. */
const MULTI_LINE_CONTROLS = /[^\P{Cc}\t\n\r]/u;

export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(value);
}
