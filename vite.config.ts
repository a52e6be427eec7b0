/// <reference types="vitest/config" />
/**
 * One Vite config for the SPA build, Storybook (which picks it up by itself) and Vitest.
 * Dev server proxies the API, the OIDC issuer, its login pages and published sites to the
 * API process (`npm run dev`).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

const here = import.meta.dirname;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Precompresses the build ("Serving"): after `vite build`
 * writes its output, every .js/.css/.html/.svg/.json file there gets a `.br` (brotli, quality
 * 11) and a `.gz` (gzip, level 9) beside it, each only when smaller than the file. The server
 * (src/server/static/files.ts) sends one of them by Accept-Encoding. Runs on builds only (not dev,
 * not Vitest); Storybook's build, which reads this config, gets the same for its preview.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = async (dir: string): Promise<string[]> =>
    (await fs.readdir(dir, { withFileTypes: true }).catch(() => []))
      .flatMap((e) => (e.isDirectory() ? [walk(path.join(dir, e.name))] : [Promise.resolve([path.join(dir, e.name)])]))
      .reduce(async (all, p) => [...(await all), ...(await p)], Promise.resolve([] as string[]));
  return {
    name: 'funnel-admin:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!outDir) return;
      const files = (await walk(outDir)).filter((f) => /\.(?:js|mjs|css|html|svg|json)$/i.test(f));
      await Promise.all(
        files.map(async (file) => {
          const plain = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
            gzip(plain, { level: 9 }),
          ]);
          // A stale sibling from an earlier build must not outlive a file it no longer matches.
          await Promise.all(
            [
              [br, '.br'],
              [gz, '.gz'],
            ].map(([data, ext]) =>
              (data as Buffer).length < plain.length ? fs.writeFile(file + (ext as string), data as Buffer) : fs.rm(file + (ext as string), { force: true }),
            ),
          );
        }),
      );
    },
  };
}

/**
 * Writes `dist/.vite/chunks.json` beside Vite's manifest: for every JS chunk its file, its
 * static and dynamic imports, and the modules inside it. The bundle budget check
 * (tests/scripts/bundle-budget.ts) walks it per route: what a browser loads for /login,
 * /funnels and the page editor, and which routes carry lexical, React Flow and CodeMirror.
 */
function chunkReport(): Plugin {
  return {
    name: 'funnel-admin:chunk-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) =>
        c.type === 'chunk'
          ? [
              {
                file: c.fileName,
                name: c.name,
                isEntry: c.isEntry,
                imports: c.imports,
                dynamicImports: c.dynamicImports,
                modules: c.moduleIds.map((id) => ({
                  id: path.relative(here, id.replace(/^\0/, '').split('?')[0] ?? id),
                  bytes: c.modules[id]?.renderedLength ?? 0,
                })),
              },
            ]
          : [],
      );
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: JSON.stringify(chunks, null, 1) });
    },
  };
}

/**
 * React Router 7's package exports only its development build (remix-run/react-router#12532,
 * #14753): dev warnings and their strings ship to browsers. A build resolves the production
 * build next to it instead (same API, `ENABLE_DEV_WARNINGS = false`); dev and tests keep the
 * warnings.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${here}/node_modules/react-router/dist/production/index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${here}/node_modules/react-router/dist/production/dom-export.mjs` },
];

/**
 * Tests the PGlite run covers and the suite on PostgreSQL leaves out. Those that never read the
 * PostgreSQL address would run there exactly as here, on PGlite: the external-system contracts,
 * the data directory's lock, the issuer's keys, the server process under SIGTERM and the message
 * patterns (150 s of the PostgreSQL run). And those about no database: the production build's
 * (it starts its own in-memory server), the upload checks' (they time the check worker against
 * its 10 s limit; beside the end-to-end run on 2 cores the largest SVG's check once passed that
 * limit) and the generated bad input's (28,860 requests each refused by its route's validator
 * before any query; 110 s of the PostgreSQL run. Hostile valid input, which does reach the
 * database, runs on both: hostile-bodies.test.ts).
 */
const PGLITE_ONLY_TESTS = [
  'tests/api/contracts.test.ts',
  'tests/api/datadir.test.ts',
  'tests/api/issuer-keys.test.ts',
  'tests/api/ops-process.test.ts',
  'tests/api/messages.test.ts',
  'tests/api/production-build.test.ts',
  'tests/api/hostile-uploads.test.ts',
  'tests/api/bad-input.test.ts',
];

/** API test files that start their own PostgreSQL cluster: run once, by the suite on PostgreSQL. */
const OWN_CLUSTER_TESTS = [
  'tests/api/pg-outage.test.ts',
  'tests/api/postgres.test.ts',
  'tests/api/scale-out.test.ts',
  'tests/api/kill9-scale-out.test.ts',
  'tests/api/sites-server.test.ts',
  'tests/api/sites-cache.test.ts',
  'tests/api/analytics-sites.test.ts',
];

export default defineConfig(({ command }) => ({
  // The SPA's index.html lives in src/app (the design card fixes the top level).
  root: `${here}/src/app`,
  envDir: here,
  plugins: [react(), vanillaExtractPlugin(), precompress(), chunkReport()],
  resolve: command === 'build' ? { alias: reactRouterProduction } : {},
  build: {
    outDir: `${here}/dist`,
    emptyOutDir: true,
    manifest: true,
    // Every browser the operators use preloads modules natively (Chrome 66, Firefox 115,
    // Safari 17): the polyfill would only add bytes to every first visit.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Content hashes of 7 characters (base64url, 42 bits), the fewest the bundler accepts for this
        // many chunks, instead of its 8: every chunk's name stands in the entry's preload map and in
        // each import of it, and random characters do not compress (0.3 kB less on every list
        // route). The server caches `/assets/<name>-<hash>.<ext>` for a year (static/files.ts). Should the
        // chunks ever need more, the build stops and says the size it needs.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        // Libraries grouped by the routes that need them (budgets): the boot group (React) is
        // all /login's sign-in page loads besides our code; the app group (router and queries:
        // one chunk compresses better than two) loads with the app; the OIDC client loads beside
        // the first screen or with the sign-in page's Sign in button (src/app/main.tsx); zod comes after sign-in
        // (answers are parsed);
        // react-aria and the form library only with what uses them (the funnel list loads its
        // dialogs, forms and the account menu when wanted, so they are apart from zod);
        // lexical and dnd-kit only with the page editor. Left to itself the bundler folds zod
        // into the boot chunk because both are shared.
        codeSplitting: {
          groups: [
            { name: 'boot', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            {
              name: 'app',
              // With the loader of the shell's editor part and bar (src/ui/lazy-module.ts) and the editor
              // store's contexts (src/editor/context.ts): a few hundred bytes each that would otherwise
              // be a chunk of their own on every route.
              test: /node_modules[\\/](react-router|react-router-dom|@tanstack[\\/](query-core|react-query))[\\/]|src[\\/](ui[\\/]lazy-module|editor[\\/]context)\.ts$/,
              priority: 30,
            },
            // The OIDC client (src/app/oidc-session.ts, sign-in.ts): loaded beside the first screen
            // or by the sign-in page's button, never before a signed-in screen paints.
            { name: 'oidc', test: /node_modules[\\/](oidc-client-ts|jwt-decode)[\\/]|src[\\/]app[\\/]oidc-settings\.ts$/, priority: 30 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
            { name: 'forms', test: /node_modules[\\/](@hookform|react-hook-form)[\\/]/, priority: 20 },
            {
              name: 'aria',
              test: /node_modules[\\/](react-aria|react-aria-components|react-stately|@react-aria|@react-stately|@react-types|@internationalized|@swc[\\/]helpers|clsx|use-sync-external-store)[\\/]/,
              priority: 20,
            },
            { name: 'lexical', test: /node_modules[\\/](lexical|@lexical|@preact)[\\/]/, priority: 20 },
            { name: 'dnd', test: /node_modules[\\/]@dnd-kit[\\/]/, priority: 20 },
            // The shared table with its library: one chunk for every list screen.
            {
              name: 'DataTable',
              test: /node_modules[\\/]@tanstack[\\/](react-table|table-core)[\\/]|src[\\/]ui[\\/]DataTable\.tsx$/,
              priority: 20,
              includeDependenciesRecursively: false,
            },
            // The list screens' frame and dialog hooks: one chunk, not five of a few hundred bytes
            // each. Only route chunks import them and they import only the shared UI, so no
            // cycle between chunks (see below).
            {
              name: 'ListKit',
              test: /src[\\/]ui[\\/]list[\\/](ListFrame|useAddEdit|useConfirmDelete|useCrudList)\.tsx$/,
              priority: 20,
              includeDependenciesRecursively: false,
            },
            // The funnel's model with the URL rules it checks links by: one chunk. Left to itself the
            // bundler splits the URL rules off once the page model shares them without the funnel's
            // (0.16 kB more on every route that loads the funnel's model). Both import only the shared
            // constants and messages, so no cycle.
            {
              name: 'funnel',
              test: /src[\\/]model[\\/](funnel|url)\.ts$/,
              priority: 10,
              includeDependenciesRecursively: false,
            },
            // A template as read with the deep equality its edits compare by, and a template as
            // written with Add template's contract: two chunks, not four (each chunk is one more name
            // in the entry's preload map, about 15 bytes on every route).
            {
              name: 'template',
              test: /src[\\/]model[\\/](template|json-equal)\.ts$/,
              priority: 10,
              includeDependenciesRecursively: false,
            },
            {
              name: 'template-write',
              test: /src[\\/]model[\\/](template-write|contracts[\\/]template-create)\.ts$/,
              priority: 10,
              includeDependenciesRecursively: false,
            },
            // No other group for our own modules: a group taken without its dependencies (the session,
            // the shared reads and their models, once one chunk) imported the route contracts,
            // whose models import back from it — a cycle between chunks that left a schema
            // undefined when the shell loaded (a blank page after sign-in).
          ],
        },
      },
    },
  },
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
      // A hook may import jsdom (the server's DOMPurify, src/server/dom.ts): seconds on a busy
      // 2-core machine, past vitest's 10 s default for hooks once a run shares the cores.
      // One module graph per worker, as in the API project: each file importing the model, the
      // editor and the renderer afresh was 60 % of the unit run's CPU (108 CPU-s against 41
      // measured side by side). A test that stubs a global or fakes timers restores them in its
      // afterEach.
      {
        extends: true,
        test: { name: 'unit', root: here, include: ['tests/unit/**/*.test.ts'], environment: 'node', hookTimeout: 60_000, isolate: false },
      },
      {
        extends: true,
        test: { name: 'dom', root: here, include: ['tests/unit/**/*.test.tsx'], environment: 'jsdom', hookTimeout: 60_000, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'api',
          root: here,
          include: ['tests/api/**/*.test.ts'],
          // The crash harness (project `crash`) is its own step of `npm test`: 20 kill -9 cycles of a server process of its own.
          // Tests that start their own PostgreSQL cluster and server processes (the restarts, several
          // processes on one database, the sites server) belong to the suite on PostgreSQL
          // (tests/api/run-on-postgres.ts sets API_TEST_PG_URL), not to the PGlite run as well; the
          // PGLITE_ONLY_TESTS run once, in the PGlite run.
          exclude: ['tests/api/crash.test.ts', ...(process.env.API_TEST_PG_URL ? PGLITE_ONLY_TESTS : OWN_CLUSTER_TESTS)],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One module graph for every file (each still starts its own server on its own database):
          // importing the server once instead of per file saves about 90 s of the PGlite run
          // (the PostgreSQL run shares it too: tests/api/run-on-postgres.ts runs this project).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'crash', root: here, include: ['tests/api/crash.test.ts'], environment: 'node', testTimeout: 600_000 },
      },
    ],
  },
}));
