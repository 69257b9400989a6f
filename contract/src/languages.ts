// The interface languages (spec §3), as plain values: every screen reads them, so no zod here (the schema of a
// language is LanguageSchema, languages.schema.ts). Labels live in the locale files.

export const LANGUAGES = ['en', 'fr', 'es', 'se', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** BCP 47 tag used for Intl and `<html lang>`; the stored code `se` means Swedish (docs/architecture.md §5). */
export const LOCALE_TAGS: Record<Language, string> = { en: 'en', fr: 'fr', es: 'es', se: 'sv', de: 'de' };
