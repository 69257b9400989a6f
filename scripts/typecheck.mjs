// `npm run typecheck`: each workspace's TypeScript checked (tsc -p), two at a time — the CI machine has two cores, and
// one after another the four took ~70 s of its 20 minutes. Every project's errors are printed; any error fails.
import { spawn } from 'node:child_process';

const PROJECTS = ['server', 'web', 'contract', 'e2e'];
const PARALLEL = 2;

const check = (project) =>
  new Promise((resolve) => {
    const tsc = spawn('npx', ['tsc', '-p', project], { stdio: 'inherit' });
    tsc.on('exit', (code) => resolve(code === 0));
  });

const queue = [...PROJECTS];
const results = await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    let ok = true;
    for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
