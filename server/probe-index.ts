import { openDatabase } from '#server/db/client.ts';
import { SearchIndex } from '#server/features/cars/search.index.ts';
const database = await openDatabase({ kind: 'postgres', url: process.env.PROBE_DB! } as never);
const c = process.cpuUsage(); const t = performance.now();
const index = new SearchIndex(database.db);
const fleet = await index.current();
const u = process.cpuUsage(c);
console.log(process.execArgv.join(' ') || '(default)', 'built in', Math.round(performance.now() - t), 'ms, cpu', Math.round((u.user + u.system) / 1000), 'ms;', fleet.cars.length, 'cars; rss', Math.round(process.memoryUsage().rss / 1e6));
await database.close();
