/**
 * A funnel's flow-diagram layout: where each page's node sits (node positions are
 * kept per funnel). It is the editor document `layout:<funnelId>`: moves are commands of the
 * log (undo/redo, journal, Save) like any edit, but the server keeps no audit entry for them —
 * positions are not part of what a funnel does.
 */
import { z } from 'zod';
import { MAX_INT } from './fields';

/** Flow nodes measure 150 × 50 (001 §9). */
export const FLOW_NODE_WIDTH = 150;
export const FLOW_NODE_HEIGHT = 50;
/** Coordinates beyond ±1,000,000 px are refused: no diagram is that wide, and it bounds hostile input. */
export const FLOW_COORD_LIMIT = 1_000_000;
/** At most this many positions per funnel (a page each; far above any real funnel). */
export const FLOW_MAX_POSITIONS = 2000;

const coord = z
  .number({ error: 'A node position must be a number of pixels' })
  .finite('A node position must be a number of pixels')
  .min(-FLOW_COORD_LIMIT, `A node position must lie within ±${FLOW_COORD_LIMIT} px`)
  .max(FLOW_COORD_LIMIT, `A node position must lie within ±${FLOW_COORD_LIMIT} px`);

/** One node's top-left corner in diagram pixels (React Flow's flow coordinates). */
export const FlowPositionSchema = z.strictObject({ x: coord, y: coord }, { error: 'A node position is {x, y} in pixels' });
export type FlowPosition = z.infer<typeof FlowPositionSchema>;

/** The `layout:<funnelId>` document: positions keyed by page ID (a decimal string, as JSON keys are). */
export const FunnelLayoutSchema = z
  .object({
    funnel_id: z.number().int().min(1).max(MAX_INT),
    // Keys checked in a refinement: zod's record key errors say only 'Invalid key in record'.
    positions: z
      .record(z.string(), FlowPositionSchema)
      .refine((p) => Object.keys(p).every((k) => /^[1-9]\d{0,9}$/.test(k)), 'Node positions are keyed by page ID')
      .refine((p) => Object.keys(p).length <= FLOW_MAX_POSITIONS, `A funnel's layout holds at most ${FLOW_MAX_POSITIONS} node positions`)
      .describe('Node positions of the flow diagram by page ID: {x, y} in pixels'),
    version: z.number().int().min(0),
  })
  .meta({ id: 'FunnelLayout' });
export type FunnelLayout = z.infer<typeof FunnelLayoutSchema>;
