// `npm run dev`: the API server with restart on change (tsx watch) and Vite's hot-reloading client
// in front of it, proxying /api, /trpc and /objects to the server. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '5000';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    // The browser is on Vite's port: that is the site's origin (links in e-mails, the same-origin check).
    env: { PUBLIC_URL: 'http://localhost:5173', ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite', '--host', '0.0.0.0'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
