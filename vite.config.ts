/// <reference types="vitest/config" />
/**
 * One Vite config for the SPA build, Storybook (which picks it up by itself) and Vitest.
 * Dev server proxies the API, the OIDC issuer, its login pages and published sites to the
 * API process (`npm run dev`).
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

const here = import.meta.dirname;

export default defineConfig({
  // The SPA's index.html lives in src/app (the design card fixes the top level).
  root: `${here}/src/app`,
  envDir: here,
  plugins: [react(), vanillaExtractPlugin()],
  build: { outDir: `${here}/dist`, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: {
    proxy: {
      '/api': apiTarget,
      '/oidc': apiTarget,
      '/interaction': apiTarget,
      '/sites': apiTarget,
    },
  },
  test: {
    root: here,
    projects: [
      {
        extends: true,
        test: { name: 'unit', root: here, include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'dom', root: here, include: ['tests/unit/**/*.test.tsx'], environment: 'jsdom' },
      },
      {
        extends: true,
        test: {
          name: 'api', root: here,
          include: ['tests/api/**/*.test.ts'],
          // The crash harness times restarts: it runs on its own (project `crash`), not beside other suites.
          exclude: ['tests/api/crash.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: { name: 'crash', root: here, include: ['tests/api/crash.test.ts'], environment: 'node', testTimeout: 600_000 },
      },
    ],
  },
});
