/**
 * `npm run dev`: the API on :3000 (tsx watch) and Vite's dev server on :5173 with hot
 * reload, proxying /api, /oidc, /interaction and /sites to the API. Ctrl+C stops both.
 */
import { spawn } from 'node:child_process';
import { bin } from './proc';

const api = spawn(bin('tsx'), ['watch', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://127.0.0.1:3000' },
});
const web = spawn(bin('vite'), ['--host', '127.0.0.1', '--port', '5173'], { stdio: 'inherit' });
const stopAll = () => {
  api.kill('SIGTERM');
  web.kill('SIGTERM');
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
api.on('exit', stopAll);
web.on('exit', stopAll);
