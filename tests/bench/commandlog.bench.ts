/**
 * Command log vs a snapshot history (zundo `temporal` on a zustand + immer store) on the same
 * generated funnels (50 and 2,000 pages; each page with 5 products and 20 reviews) and the
 * same seeded random field edits. Prints record / undo / redo times, heap per history entry
 * and the cost of recording at entry 10,000 vs entry 100, with PASS/MISS per target.
 * Source: The command log, precisely.
 */
import { pct, printVerdicts, rng } from './stats.ts';
import { at } from '../at.ts';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { immer } from 'zustand/middleware/immer';
import { produce } from 'immer';
import { temporal, type TemporalState } from 'zundo';
import { createEditorStore, type DocId, type EditorStore, type SaveTransport } from '../../src/editor';
import { size } from './smoke';
import { editLoose, type LoosePage } from '../unit/editor/loose-edit.ts';

// ---- data ------------------------------------------------------------------------------

interface Product {
  _id: string;
  _package_name: string;
  _price: number;
  _regular_price: number;
  features: { f: string }[];
}
interface Review {
  name: string;
  text: string;
  stars: number;
}
type Page = LoosePage<{ headline: string; products: Product[]; reviews: Review[] }>;
interface FunnelDoc {
  ID: number;
  name: string;
  pages: Page[];
  version: number;
}

function makeFunnel(pages: number): FunnelDoc {
  const r = rng(pages);
  const word = () => Math.floor(r() * 1e9).toString(36);
  return {
    ID: 1,
    name: `Funnel with ${pages} pages`,
    version: 1,
    pages: Array.from({ length: pages }, (_, i) => ({
      ID: i + 1,
      funnel_id: 1,
      name: `Page ${i + 1}`,
      page_type: at(['presell', 'checkout', 'upsell1', 'thankyou'], i % 4, 'page type'),
      page_path: `page-${i + 1}`,
      version: 1,
      meta: {
        headline: `Headline ${word()}`,
        products: Array.from({ length: 5 }, (_, j) => ({
          _id: `p${i}-${j}`,
          _package_name: `Package ${j + 1}`,
          _price: Math.round(r() * 10000) / 100,
          _regular_price: Math.round(r() * 20000) / 100,
          features: [{ f: word() }, { f: word() }],
        })),
        reviews: Array.from({ length: 20 }, (_, k) => ({ name: `Reviewer ${k}`, text: `${word()} ${word()} ${word()}`, stars: 1 + (k % 5) })),
      },
    })),
  };
}

/** A random field edit, the same for both implementations. */
type FieldEdit = (d: FunnelDoc) => void;

function makeEdits(pages: number, n: number, seed: number): FieldEdit[] {
  const r = rng(seed);
  return Array.from({ length: n }, (_, k) => {
    const i = Math.floor(r() * pages);
    const kind = Math.floor(r() * 4);
    const j = Math.floor(r() * 5);
    const rv = Math.floor(r() * 20);
    const v = Math.round(r() * 10000) / 100;
    switch (kind) {
      case 0:
        return (d) => {
          at(at(d.pages, i, 'page').meta.products, j, 'product')._price = v + k;
        };
      case 1:
        return (d) => {
          at(at(d.pages, i, 'page').meta.reviews, rv, 'review').text = `edited ${k}`;
        };
      case 2:
        return (d) => {
          at(d.pages, i, 'page').name = `Page ${i} v${k}`;
        };
      default:
        return (d) => {
          at(d.pages, i, 'page').meta.headline = `Headline ${k}`;
        };
    }
  });
}

// ---- the two implementations -----------------------------------------------------------

interface Subject {
  name: string;
  edit(e: FieldEdit): void;
  undo(): void;
  redo(): void;
  depth(): number;
}

const DOC: DocId = 'funnel:1';
/** Pages of the large funnel, and the entry whose record cost is compared with entry 100 (smaller in a smoke run). */
const LARGE = size(2_000, 200);
const GROWTH_AT = size(10_000, 1_000);
const noTransport: SaveTransport = { patch: () => Promise.reject(new Error('not used in the benchmark')) };

function commandLog(doc: FunnelDoc): Subject & { store: EditorStore } {
  const store = createEditorStore({ transport: noTransport, mergeWindowMs: 0 });
  store.actions.load(DOC, doc, 1);
  const a = store.actions;
  return {
    name: 'command log',
    store,
    edit: (e) => {
      editLoose(a, DOC, 'Edit field', e);
    },
    undo: () => {
      a.undo();
    },
    redo: () => {
      a.redo();
    },
    depth: () => store.getState().past.length,
  };
}

interface SnapState {
  doc: FunnelDoc;
  apply: (e: FieldEdit) => void;
}
type SnapStore = StoreApi<SnapState> & { temporal: StoreApi<TemporalState<{ doc: FunnelDoc }>> };

function snapshotHistory(doc: FunnelDoc): Subject & { store: SnapStore } {
  const store = createStore<SnapState>()(
    temporal(
      immer((set) => ({
        doc,
        apply: (e: FieldEdit) =>
          set((s) => {
            e(s.doc);
          }),
      })),
      { partialize: (s) => ({ doc: s.doc }) },
    ),
  ) as unknown as SnapStore;
  return {
    name: 'snapshot (zundo)',
    store,
    edit: (e) => store.getState().apply(e),
    undo: () => store.temporal.getState().undo(),
    redo: () => store.temporal.getState().redo(),
    depth: () => store.temporal.getState().pastStates.length,
  };
}

/** No history at all: only the current document, updated with immer (memory baseline). */
function currentDocOnly(doc: FunnelDoc): Subject {
  let cur = doc;
  let n = 0;
  return {
    name: 'current document only',
    edit: (e) => {
      cur = produce(cur, e);
      n++;
    },
    undo: () => {},
    redo: () => {},
    depth: () => n,
  };
}

// ---- measuring -------------------------------------------------------------------------

const gc = (): void => {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) {
    g();
    g();
  }
};

/** The time of `fn` on each of `items`, in order. */
function timeEach<T>(items: readonly T[], fn: (item: T) => void): number[] {
  const out = new Array<number>(items.length);
  for (const [i, item] of items.entries()) {
    const t = performance.now();
    fn(item);
    out[i] = performance.now() - t;
  }
  return out;
}

/** `n` calls' worth of items for {@link timeEach} when the call takes none. */
const times = (n: number): null[] => new Array<null>(n).fill(null);

interface Times {
  recordP50: number;
  recordP95: number;
  undoP50: number;
  undoP95: number;
  redoP50: number;
  redoP95: number;
}

function latency(make: () => Subject, pages: number, n: number): Times {
  const warm = make();
  for (const e of makeEdits(pages, 300, 7)) warm.edit(e);
  for (let i = 0; i < 300; i++) warm.undo();
  for (let i = 0; i < 300; i++) warm.redo();
  const s = make();
  const edits = makeEdits(pages, n, 42);
  gc();
  const rec = timeEach(edits, (e) => s.edit(e));
  const und = timeEach(times(n), () => s.undo());
  const red = timeEach(times(n), () => s.redo());
  return {
    recordP50: pct(rec, 50),
    recordP95: pct(rec, 95),
    undoP50: pct(und, 50),
    undoP95: pct(und, 95),
    redoP50: pct(red, 50),
    redoP95: pct(red, 95),
  };
}

/** Retained heap of `n` edits on a fresh subject. */
function heapAfter(make: () => Subject, edits: FieldEdit[]): number {
  gc();
  const s = make();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (const e of edits) s.edit(e);
  gc();
  const after = process.memoryUsage().heapUsed;
  if (s.depth() !== edits.length) throw new Error(`${s.name}: expected ${edits.length} entries, got ${s.depth()}`);
  return after - before;
}

/**
 * Heap per history entry: what a subject retains per edit, minus what the document itself
 * grows by under the same edits (a store that keeps only the current immer document, no
 * history) — both implementations hold that current document anyway.
 */
function heapPerEntry(make: () => Subject, doc: FunnelDoc, pages: number, n: number): { raw: number; net: number; doc: number } {
  const edits = makeEdits(pages, n, 99);
  const docOnly = heapAfter(() => currentDocOnly(doc), edits) / n;
  const raw = heapAfter(make, edits) / n;
  return { raw, net: raw - docOnly, doc: docOnly };
}

/** Median record time of `window` edits starting at entry 100 and at entry 10,000. */
function growth(make: () => Subject, pages: number, window: number): { at100: number; at10k: number } {
  const LATE = GROWTH_AT;
  const warm = make();
  for (const e of makeEdits(pages, 500, 3)) warm.edit(e);
  const s = make();
  const edits = makeEdits(pages, LATE + window, 11);
  for (const e of edits.slice(0, 100)) s.edit(e);
  gc();
  const early = timeEach(edits.slice(100, 100 + window), (e) => s.edit(e));
  for (const e of edits.slice(100 + window, LATE)) s.edit(e);
  gc();
  const late = timeEach(edits.slice(LATE, LATE + window), (e) => s.edit(e));
  return { at100: pct(early, 50), at10k: pct(late, 50) };
}

// ---- report ----------------------------------------------------------------------------

const ms = (x: number): string => `${x.toFixed(4)} ms`;
const kb = (x: number): string => (x >= 1024 ? `${(x / 1024).toFixed(1)} KB` : `${Math.round(x)} B`);

/** Runs the benchmark and prints the table; returns the number of missed targets. */
export function run(): { misses: number } {
  const hasGc = typeof (globalThis as { gc?: unknown }).gc === 'function';
  const small = makeFunnel(50);
  const large = makeFunnel(LARGE);
  const N = size(2_000, 200);

  const rows: [figure: string, ours: string, snapshot: string][] = [];
  const verdicts: { target: string; value: string; ok: boolean }[] = [];
  const verdict = (target: string, value: string, ok: boolean) => verdicts.push({ target, value, ok });

  /** Measures both implementations on `doc`, adds their rows and returns the command log's times. */
  const latencyRows = (label: string, doc: FunnelDoc, pages: number): Times => {
    const ours = latency(() => commandLog(doc), pages, N);
    const snap = latency(() => snapshotHistory(doc), pages, N);
    rows.push([`record p50 / p95 (${label})`, `${ms(ours.recordP50)} / ${ms(ours.recordP95)}`, `${ms(snap.recordP50)} / ${ms(snap.recordP95)}`]);
    rows.push([`undo p50 / p95 (${label})`, `${ms(ours.undoP50)} / ${ms(ours.undoP95)}`, `${ms(snap.undoP50)} / ${ms(snap.undoP95)}`]);
    rows.push([`redo p50 / p95 (${label})`, `${ms(ours.redoP50)} / ${ms(ours.redoP95)}`, `${ms(snap.redoP50)} / ${ms(snap.redoP95)}`]);
    return ours;
  };
  const l50 = latencyRows('50 pages', small, 50);
  latencyRows(`${LARGE.toLocaleString('en')} pages`, large, LARGE);
  verdict('record p95 < 0.5 ms (50 pages)', ms(l50.recordP95), l50.recordP95 < 0.5);
  verdict('undo p95 < 1 ms (50 pages)', ms(l50.undoP95), l50.undoP95 < 1);
  verdict('redo p95 < 1 ms (50 pages)', ms(l50.redoP95), l50.redoP95 < 1);

  const mem50 = { ours: heapPerEntry(() => commandLog(small), small, 50, N), snap: heapPerEntry(() => snapshotHistory(small), small, 50, N) };
  const mem2k = { ours: heapPerEntry(() => commandLog(large), large, LARGE, N), snap: heapPerEntry(() => snapshotHistory(large), large, LARGE, N) };
  for (const [label, m] of [
    ['50 pages', mem50],
    [`${LARGE.toLocaleString('en')} pages`, mem2k],
  ] as const) {
    rows.push([`heap per entry, raw (${label})`, kb(m.ours.raw), kb(m.snap.raw)]);
    rows.push([`  of which current document (${label})`, kb(m.ours.doc), kb(m.snap.doc)]);
    rows.push([`heap per history entry (${label})`, kb(m.ours.net), kb(m.snap.net)]);
  }
  const memRatio = mem2k.ours.net / mem2k.snap.net;
  const rawRatio = mem2k.ours.raw / mem2k.snap.raw;
  rows.push([`  ratio command log / snapshot (${LARGE.toLocaleString('en')} pages)`, `${memRatio.toFixed(4)} (raw ${rawRatio.toFixed(4)})`, '']);
  verdict(`heap per history entry ≤ 1/20 of snapshot (${LARGE.toLocaleString('en')} pages)`, `${memRatio.toFixed(4)} (≤ 0.0500)`, memRatio <= 0.05);

  // Three independent runs, median of each figure: one run is at the mercy of one GC pause.
  const median3 = (runs: { at100: number; at10k: number }[]) => ({
    at100: at(
      runs.map((r) => r.at100).sort((a, b) => a - b),
      1,
      'middle run',
    ),
    at10k: at(
      runs.map((r) => r.at10k).sort((a, b) => a - b),
      1,
      'middle run',
    ),
  });
  const gOurs = median3([0, 1, 2].map(() => growth(() => commandLog(small), 50, 300)));
  const gSnap = median3([0, 1, 2].map(() => growth(() => snapshotHistory(small), 50, 300)));
  const gRatio = gOurs.at10k / gOurs.at100;
  rows.push(['record p50 at entry 100 (50 pages)', ms(gOurs.at100), ms(gSnap.at100)]);
  rows.push([`record p50 at entry ${GROWTH_AT.toLocaleString('en')} (50 pages)`, ms(gOurs.at10k), ms(gSnap.at10k)]);
  rows.push([`  ratio ${GROWTH_AT.toLocaleString('en')} / 100`, gRatio.toFixed(2), (gSnap.at10k / gSnap.at100).toFixed(2)]);
  verdict(`record cost at entry ${GROWTH_AT.toLocaleString('en')} ≤ 1.2× entry 100`, `${gRatio.toFixed(2)}×`, gRatio <= 1.2);

  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(14, ...rows.map((r) => r[1].length));
  const line = (a: string, b: string, c: string) => `${a.padEnd(w0)} | ${b.padEnd(w1)} | ${c}`;
  console.log(`${N} seeded random field edits per run; ${hasGc ? 'heap measured after gc()' : 'no --expose-gc: heap figures are noisy'}\n`);
  console.log(line('figure', 'command log', 'snapshot (zundo)'));
  console.log(line('-'.repeat(w0), '-'.repeat(w1), '-'.repeat(24)));
  for (const [figure, ours, snapshot] of rows) console.log(line(figure, ours, snapshot));

  const misses = printVerdicts(verdicts, { tally: true });
  return { misses };
}
