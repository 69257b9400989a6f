// One language's strings (the same file in every language; see ../../index.ts): the core areas, bundled into this
// language's chunk, and each other area as a chunk of its own, loaded with the screens that show it.
import type { Area, Translations } from '../../translations';

export const core = import.meta.glob<Translations[Area]>('./{common,header,nav,footer,notFound}.json', {
  eager: true,
  import: 'default',
});
// The console's areas (operator*.json) are not here but in console.ts, the console's language chunk: the customer app
// does not know them.
export const areas = import.meta.glob<Translations[Area]>(
  ['./*.json', '!./{common,header,nav,footer,notFound}.json', '!./operator*.json'],
  { import: 'default' },
);
