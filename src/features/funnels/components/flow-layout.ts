/**
 * Automatic layout of the pages flow for pages without a kept position (issue 11 "a readable
 * automatic layout"): dagre (MIT, ~17 kB gzipped, loaded only when the diagram needs it),
 * top to bottom as a visitor goes (presell → checkout → upsells → thank-you).
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
