import { spawn } from 'node:child_process';
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', '../server/dist/main.js'], {
  env: { PATH: process.env.PATH, PORT: '3451', HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:3451', LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-session-secret-bench-session-secret', DATABASE_URL: 'postgres://postgres@127.0.0.1:54360/benchdata', DATA_DIR: '/tmp/x' },
  stdio: 'inherit' });
const origin = 'http://127.0.0.1:3451';
for (;;) { try { if ((await fetch(origin + '/api/health')).ok) break; } catch {} await new Promise(r => setTimeout(r, 200)); }
const locations = await (await fetch(`${origin}/api/locations?language=en`)).json();
const today = Date.UTC(2026, 10, 23);
const day = 86400000;
const times = [];
for (let i = 0; i < 400; i++) {
  const location = locations[(i * 7) % locations.length];
  const pickupAt = today + (1 + ((i * 11) % 60)) * day + 10 * 3600_000;
  const days = 1 + ((i * 5) % 10);
  const t0 = performance.now();
  const res = await fetch(`${origin}/api/search-cars/1/15`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
    body: JSON.stringify({ pickupLocationId: location._id, dropoffLocationId: location._id, pickupAt: new Date(pickupAt).toISOString(), dropoffAt: new Date(pickupAt + days * day).toISOString() }) });
  const body = await res.json();
  times.push([performance.now() - t0, body.totalCount, location.name]);
}
const sorted = times.slice(1).map(t => t[0]).sort((a, b) => a - b);
console.log('first', times[0][0].toFixed(1), 'median', sorted[sorted.length >> 1].toFixed(2), 'p90', sorted[Math.floor(sorted.length * 0.9)].toFixed(2));
console.log(times.slice(1).sort((a, b) => b[0] - a[0]).slice(0, 5).map(t => `${t[0].toFixed(1)}ms ${t[1]} ${t[2]}`).join('\n'));
child.kill('SIGINT');
await new Promise(r => child.on('exit', r));
