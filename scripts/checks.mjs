// `npm run typecheck` (`node scripts/checks.mjs typecheck`) and the first part of `npm test` (`… typecheck lint
// build`): the named groups' jobs, two at a time — the CI machine has two cores, and each tsc is one thread. One
// after another, the typecheck (~80 s), the lint (~20 s) and the build left a core idle for much of their time; run
// as one queue, longest first, the short jobs fill the gaps (docs/architecture.md §6). Each job's output is printed
// whole when it ends, with its time; any failing job fails the run, after all have ended.
import { spawn } from 'node:child_process';

const GROUPS = {
  typecheck: ['web', 'server', 'e2e', 'contract'].map((project) => ['npx', 'tsc', '-p', project]),
  lint: [['npx', 'biome', 'check', '.']],
  // The customer app's build empties web/dist, the console's then writes web/dist/operator: one job, in that order.
  build: [
    ['npm', 'run', 'build', '--silent', '-w', '@roam/web'],
    ['npm', 'run', 'build', '--silent', '-w', '@roam/server'],
  ],
};
const PARALLEL = 2;

const names = process.argv.slice(2);
const unknown = names.filter((name) => !(name in GROUPS));
if (names.length === 0 || unknown.length > 0) {
  console.error(`usage: node scripts/checks.mjs ${Object.keys(GROUPS).join('|')}…`);
  process.exit(2);
}
// Longest first: the two type checks of the large workspaces, the web build, then the short ones.
const order = ['npx tsc -p web', 'npx tsc -p server', 'npm run build --silent -w @roam/web'];
const rank = (job) => (order.includes(job.join(' ')) ? order.indexOf(job.join(' ')) : order.length);
const queue = names.flatMap((name) => GROUPS[name]).sort((a, b) => rank(a) - rank(b));

const run = ([command, ...args]) =>
  new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(Buffer.concat(output));
      console.log(`checks: ${[command, ...args].join(' ')} ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
      resolve(code === 0);
    });
  });

const results = await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    let ok = true;
    for (let job = queue.shift(); job; job = queue.shift()) ok = (await run(job)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
