/**
 * Bundle figures ("Bundle budgets"): builds the SPA and prints, per route, the JS a
 * browser loads on first visit in gzip and brotli against the targets (/funnels ≤ 150
 * kB, the lists ≤ /funnels + 10 kB, the page editor ≤ 350 kB), and which heavy libraries each
 * route carries; then /login against the floor: react + react-dom + react-router (a router and
 * one route rendered) built by the same Vite, whose 1.15× is /login's target; and /funnels against
 * the floor of a list on this stack (that router rendering a @tanstack/react-table table, plus
 * TanStack Query fetching one answer that zod parses): what is left of its 150 kB target for the
 * app's own code (shell, session, API client, schemas and messages, the screen).
 * npm test enforces the gates (tests/scripts/bundle-budget.ts); this prints PASS/MISS.
 * `BENCH_SKIP_BUILD=1` measures the dist/ already built (the smoke run builds it once).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bin, run as exec } from '../scripts/proc.ts';
import { measureRoutes } from '../scripts/bundle-budget.ts';
import type { BenchOutcome } from './run.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** The floor's entry: what any React Router SPA loads before its own code. */
const FLOOR_ENTRY = `import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
const router = createBrowserRouter([{ path: '/', element: <p>Sign in</p> }]);
createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
`;

/**
 * The floor of a list route on this stack: {@link FLOOR_ENTRY}'s router rendering a TanStack
 * Table, in a TanStack Query provider whose one query zod parses — the libraries /funnels loads
 * before any of the app's code (the design card fixes the router and the table; Query and zod are
 * the app's server state and answer validation).
 */
const LIST_FLOOR_ENTRY = `import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
const Funnels = z.object({ items: z.array(z.object({ ID: z.number().int(), name: z.string().max(100) })), total: z.number().int() });
type Row = z.infer<typeof Funnels>['items'][number];
const columns: ColumnDef<Row>[] = [{ accessorKey: 'name', header: 'Name' }];
function List() {
  const q = useQuery({ queryKey: ['funnels'], queryFn: async () => Funnels.parse(await (await fetch('/api/v1/funnels')).json()) });
  const t = useReactTable({ data: q.data?.items ?? [], columns, getCoreRowModel: getCoreRowModel() });
  return <table><tbody>{t.getRowModel().rows.map((r) => <tr key={r.id}>{r.getVisibleCells().map((c) => <td key={c.id}>{flexRender(c.column.columnDef.cell, c.getContext())}</td>)}</tr>)}</tbody></table>;
}
const client = new QueryClient();
const router = createBrowserRouter([{ path: '/', element: <QueryClientProvider client={client}><List /></QueryClientProvider> }]);
createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
`;

/**
 * Builds `entry` (a main.tsx) with the project's Vite (production, its minifier; no app config)
 * and @returns its JS in kB gzip (level 9, as the budget measures).
 * @throws Error when the build fails.
 */
async function floorKb(entry: string): Promise<number> {
  // Inside the project, so the imports resolve to its node_modules (the versions the app bundles).
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, '.tmp', 'bundle-floor-'));
  try {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./main.tsx"></script>');
    writeFileSync(join(dir, 'main.tsx'), entry);
    // Resolved from the project's node_modules (the same versions the app bundles), React Router
    // as the app's build resolves it (its production build: vite.config.ts).
    const rr = join(ROOT, 'node_modules/react-router/dist/production');
    const alias = [
      `{ find: /^react-router$/, replacement: ${JSON.stringify(join(rr, 'index.mjs'))} }`,
      `{ find: /^react-router\\/dom$/, replacement: ${JSON.stringify(join(rr, 'dom-export.mjs'))} }`,
    ];
    writeFileSync(
      join(dir, 'vite.config.mjs'),
      `export default { root: ${JSON.stringify(dir)}, resolve: { modules: [${JSON.stringify(join(ROOT, 'node_modules'))}], alias: [${alias.join(', ')}] }, logLevel: 'error' };`,
    );
    const code = await exec(bin('vite'), ['build', '--config', join(dir, 'vite.config.mjs'), '--outDir', join(dir, 'dist')]);
    if (code !== 0) throw new Error(`the floor's vite build exited ${code}`);
    const assets = join(dir, 'dist/assets');
    return readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .reduce((n, f) => n + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length / 1024, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchOutcome> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const code = await exec(bin('vite'), ['build', '--logLevel', 'warn']);
    if (code !== 0) throw new Error(`vite build exited ${code}`);
  }
  let misses = 0;
  const figures = measureRoutes();
  for (const f of figures) {
    const pass = f.gzipKb <= f.spec.targetKb && f.heavy.every((h) => f.spec.allows.includes(h));
    if (!pass) misses++;
    console.log(
      `${f.spec.route.padEnd(44)} ${f.gzipKb.toFixed(1).padStart(6)} kB gzip (${(f.gzipKb / f.spec.targetKb).toFixed(2)}× the ${f.spec.targetKb} kB target)  ${f.brotliKb.toFixed(1).padStart(6)} kB brotli  heavy: ${f.heavy.join(', ') || 'none'}  ${pass ? 'PASS' : 'MISS'}`,
    );
  }
  // The lists against the funnel list measured in this run (no editor code on a list).
  const funnels = figures.find((f) => f.spec.route === '/funnels');
  if (funnels)
    for (const f of figures.filter((x) => x.spec.targetKb === 160)) {
      const pass = f.gzipKb <= funnels.gzipKb + 10;
      if (!pass) misses++;
      console.log(
        `${f.spec.route.padEnd(44)} ${(f.gzipKb - funnels.gzipKb).toFixed(1).padStart(6)} kB over /funnels (${funnels.gzipKb.toFixed(1)} kB; target ≤ +10)  ${pass ? 'PASS' : 'MISS'}`,
      );
    }
  if (funnels) {
    // Printed, not judged: /funnels' target is the PASS/MISS line above.
    const floor = await floorKb(LIST_FLOOR_ENTRY);
    console.log(
      `${'/funnels vs the list floor'.padEnd(44)} ${funnels.gzipKb.toFixed(1).padStart(6)} kB gzip, ${(funnels.gzipKb - floor).toFixed(1)} kB over the floor of ${floor.toFixed(1)} kB (react + react-dom + react-router + @tanstack/react-table + TanStack Query + zod); the ${funnels.spec.targetKb} kB target leaves ${(funnels.spec.targetKb - floor).toFixed(1)} kB for the app's own code`,
    );
  }
  const login = figures.find((f) => f.spec.route === '/login');
  if (login) {
    const floor = await floorKb(FLOOR_ENTRY);
    const pass = login.gzipKb <= floor * 1.15;
    if (!pass) misses++;
    console.log(
      `${'/login vs the floor'.padEnd(44)} ${login.gzipKb.toFixed(1).padStart(6)} kB gzip, ${(login.gzipKb / floor).toFixed(2)}× the floor of ${floor.toFixed(1)} kB (react + react-dom + react-router; target ≤ 1.15×)  ${pass ? 'PASS' : 'MISS'}`,
    );
  }
  return { misses };
}
