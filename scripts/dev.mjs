// `npm run dev`: the API with restart-on-change and Vite with hot reload (it proxies /api to the API).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@roam/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@roam/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
