/**
 * Builds the SPA once before the end-to-end run, as `npm start` would (`vite build`); npm test
 * sets E2E_SKIP_BUILD because its bundle-budget gate has just built it.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export default function globalSetup(): void {
  if (process.env.E2E_SKIP_BUILD) return;
  execFileSync(process.execPath, [resolve(import.meta.dirname, '../../node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: resolve(import.meta.dirname, '../..'),
    stdio: 'inherit',
  });
}
