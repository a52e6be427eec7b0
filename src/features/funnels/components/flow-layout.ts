/**
 * Automatic layout of the pages flow for pages without a kept position (a readable
 * automatic layout): dagre (MIT, ~17 kB gzipped, loaded only when the diagram needs it),
 * top to bottom as a visitor goes (presell → checkout → upsells → thank-you); and where the
 * selected page's toolbar goes in the canvas.
 */
import { FLOW_NODE_HEIGHT, FLOW_NODE_WIDTH, type FlowPosition } from '../../../model';

/**
 * Lays out `ids` with `links` (source → target page ids) and returns each node's top-left
 * corner in diagram pixels (nodes are 150 × 50, 001 §9). Deterministic for the same input.
 */
export async function autoLayout(ids: readonly number[], links: readonly { source: number; target: number }[]): Promise<Record<number, FlowPosition>> {
  const { default: dagre } = await import('@dagrejs/dagre');
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'TB', nodesep: 40, ranksep: 70, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const id of ids) g.setNode(String(id), { width: FLOW_NODE_WIDTH, height: FLOW_NODE_HEIGHT });
  for (const l of links) if (ids.includes(l.source) && ids.includes(l.target)) g.setEdge(String(l.source), String(l.target));
  dagre.layout(g);
  const out: Record<number, FlowPosition> = {};
  for (const id of ids) {
    const n = g.node(String(id)) as { x: number; y: number };
    // dagre gives centres; React Flow positions are top-left corners.
    out[id] = { x: Math.round(n.x - FLOW_NODE_WIDTH / 2), y: Math.round(n.y - FLOW_NODE_HEIGHT / 2) };
  }
  return out;
}

/** Room kept between the toolbar and the canvas's edges, and between the toolbar and its page (px). */
export const TOOLBAR_EDGE = 8;
export const TOOLBAR_GAP = 10;

/**
 * Where the toolbar of a page goes inside a `width` × `height` canvas (always inside
 * it, so the index page's actions at the top edge are reachable without panning): above the page
 * when it fits there, else below it, else on the side with more room, clamped to the canvas (a
 * page panned out of view keeps its toolbar at the nearest edge);
 * centred on the page and clamped sideways. `node` is the page's box in canvas pixels, `size`
 * the toolbar's. Pure.
 */
export function toolbarPlacement(
  node: { x: number; y: number; width: number; height: number },
  size: { width: number; height: number },
  canvas: { width: number; height: number },
): { x: number; y: number; side: 'top' | 'bottom' } {
  const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(v, Math.max(lo, hi)));
  const x = clamp(node.x + node.width / 2 - size.width / 2, TOOLBAR_EDGE, canvas.width - size.width - TOOLBAR_EDGE);
  const above = node.y - TOOLBAR_GAP - size.height;
  const below = node.y + node.height + TOOLBAR_GAP;
  const fits = (y: number) => y >= TOOLBAR_EDGE && y + size.height <= canvas.height - TOOLBAR_EDGE;
  if (fits(above)) return { x, y: above, side: 'top' };
  if (fits(below)) return { x, y: below, side: 'bottom' };
  const top = node.y - TOOLBAR_EDGE > canvas.height - (node.y + node.height) - TOOLBAR_EDGE;
  return { x, y: clamp(top ? above : below, TOOLBAR_EDGE, canvas.height - size.height - TOOLBAR_EDGE), side: top ? 'top' : 'bottom' };
}
