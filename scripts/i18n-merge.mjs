// Writes one area (top-level namespace) of the five languages into its locale files, web/src/i18n/locales/<language>/
// <area>.json, so several people adding strings at once do not overwrite each other's work.
// Usage: node scripts/i18n-merge.mjs <area> <dir holding en.json fr.json es.json se.json de.json>
// A new area must also be typed in web/src/i18n/translations.ts and loaded where it is shown (web/src/i18n/areas.json;
// web/src/i18n/areas.test.ts says where).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [area, sourceDir] = process.argv.slice(2);
if (!area || !sourceDir) {
  console.error('usage: node scripts/i18n-merge.mjs <area> <dir>');
  process.exit(2);
}
const target = path.resolve(import.meta.dirname, '../web/src/i18n/locales');
const isNew = !existsSync(path.join(target, 'en', `${area}.json`));
for (const language of ['en', 'fr', 'es', 'se', 'de']) {
  const strings = JSON.parse(readFileSync(path.join(sourceDir, `${language}.json`), 'utf8'));
  writeFileSync(path.join(target, language, `${area}.json`), `${JSON.stringify(strings, null, 2)}\n`);
}
console.log(`merged ${area} into ${target}/<language>/${area}.json`);
if (isNew) console.log('a new area: add it to web/src/i18n/translations.ts and web/src/i18n/areas.json');
