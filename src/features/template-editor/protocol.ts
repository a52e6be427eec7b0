/**
 * The template editor's frame protocol (001 §2 "Template editor"; src/features/README.md,
 * the template editor's frame): the page renders in an
 * `<iframe sandbox="allow-scripts">` (an opaque origin); the frame posts `ready` to its parent,
 * the parent answers `init` with a transferred MessagePort, and every later message travels on
 * that port. The parent validates every frame message with {@link FrameMessageSchema} and drops
 * what does not match; it owns the history (one command per text session).
 */
import { z } from 'zod';
import { PROTO, type EditKind } from './frame/wire';

export { PROTO, type EditKind, type ParentMessage } from './frame/wire';

/** Longest text a frame may propose for one field (characters); the server's text cap. */
export const MAX_PROPOSED_TEXT = 100_000;

/** A `data-edit` path as the templates mark it: dotted meta keys and indexes (`products.0.product_data_name`). */
export const EditPathSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z_$][\w$]*(\.(\d{1,4}|[A-Za-z_$][\w$]*))*$/, 'Not an editable path')
  // No segment may name the prototype chain (a proposal becomes a write at that path).
  .refine((p) => !p.split('.').some((k) => k === '__proto__' || k === 'constructor' || k === 'prototype'), 'Not an editable path');

/** A rectangle in frame CSS px (to anchor the parent's popovers). */
const RectSchema = z.object({ x: z.number(), y: z.number(), width: z.number().min(0), height: z.number().min(0) });

/**
 * Messages the frame sends (validated by the parent; anything else is dropped). A plain union:
 * each member's `type` literal already tells them apart, and zod's discriminated union would add
 * code to the zod chunk every screen loads. (zod 4's numbers refuse Infinity and NaN.)
 */
export const FrameMessageSchema = z.union([
  z.object({ proto: z.literal(PROTO), type: z.literal('ready') }),
  z.object({
    proto: z.literal(PROTO),
    type: z.literal('selected'),
    path: EditPathSchema.nullable(),
    kind: z.enum(['text', 'html', 'image', 'block']).nullable(),
    rect: RectSchema.nullable(),
  }),
  z.object({
    proto: z.literal(PROTO),
    type: z.literal('propose'),
    seq: z.number().int().min(0),
    path: EditPathSchema,
    value: z.string().max(MAX_PROPOSED_TEXT),
  }),
  z.object({ proto: z.literal(PROTO), type: z.literal('session'), path: EditPathSchema, phase: z.enum(['start', 'end']) }),
  z.object({ proto: z.literal(PROTO), type: z.literal('hotkey'), action: z.enum(['undo', 'redo', 'save']) }),
  z.object({ proto: z.literal(PROTO), type: z.literal('error'), message: z.string().max(500) }),
]);
export type FrameMessage = z.infer<typeof FrameMessageSchema>;

/**
 * The frame message in `data`, or null when it is not one (wrong protocol, unknown type,
 * a field out of bounds). Never throws: a hostile frame can only be ignored.
 */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  const r = FrameMessageSchema.safeParse(data);
  return r.success ? r.data : null;
}

/**
 * Whether a `propose` may become a command: its path must be one the parent told the frame is
 * editable as text (`fields`), so a frame cannot write meta keys it was not offered.
 */
export function acceptsProposal(fields: Readonly<Record<string, EditKind>>, path: string): boolean {
  const kind = Object.hasOwn(fields, path) ? fields[path] : undefined;
  return kind === 'text' || kind === 'html';
}
