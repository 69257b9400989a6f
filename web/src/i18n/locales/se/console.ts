// One language's strings for the console (the same file in every language; see ../../index.ts, setLanguageChunks):
// the core areas, bundled into this chunk — the customer app's (index.ts) and the ones the console's navigation
// shows (i18n/areas.json, console.core) — and each other area as a chunk of its own, the console's (operator*.json)
// and the customer's it shows too (cars, forms…), loaded with the screens that show it.
import type { Area, Translations } from '../../translations';

export const core = import.meta.glob<Translations[Area]>(
  './{common,header,nav,footer,notFound,operator,operatorAdmin,operatorDashboard,operatorScheduler,operatorSetup,operatorWalkIn}.json',
  { eager: true, import: 'default' },
);
export const areas = import.meta.glob<Translations[Area]>(
  [
    './*.json',
    '!./{common,header,nav,footer,notFound,operator,operatorAdmin,operatorDashboard,operatorScheduler,operatorSetup,operatorWalkIn}.json',
  ],
  { import: 'default' },
);
