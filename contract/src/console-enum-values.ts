// Enumerations that in the web only the operator console (issues #23, #24) and its schemas use, as plain arrays
// without zod, like enum-values.ts. Not in enum-values.ts: that module is in the web's first download, and a value the
// console imports from it is exported from the entry chunk, and kept there, for the console's chunks: bytes on every
// customer route (ARCHITECTURE §7: the console adds 0; bench/ci.mjs compares the build with a build without the
// console). The languages too: the console's schemas make LanguageSchema of them, and the app's first download
// reads its languages from i18n/index.ts's LANGUAGE_NAMES. enums.ts re-exports these with the others.

export const USER_TYPES = ['admin', 'supplier', 'user'] as const;
export type UserType = (typeof USER_TYPES)[number];
