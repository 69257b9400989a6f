// Merges one top-level namespace into the five locale files in one quick read-modify-write per file, so several
// people adding strings at once do not overwrite each other's work.
// Usage: node scripts/i18n-merge.mjs <namespace> <dir holding en.json fr.json es.json se.json de.json>
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [namespace, sourceDir] = process.argv.slice(2);
if (!namespace || !sourceDir) {
  console.error('usage: node scripts/i18n-merge.mjs <namespace> <dir>');
  process.exit(2);
}
const target = path.resolve(import.meta.dirname, '../web/src/i18n/locales');
for (const language of ['en', 'fr', 'es', 'se', 'de']) {
  const strings = JSON.parse(readFileSync(path.join(sourceDir, `${language}.json`), 'utf8'));
  const file = path.join(target, `${language}.json`);
  const locale = JSON.parse(readFileSync(file, 'utf8'));
  locale[namespace] = strings;
  writeFileSync(file, `${JSON.stringify(locale, null, 2)}\n`);
}
console.log(`merged ${namespace} into ${target}`);
