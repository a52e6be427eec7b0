/**
 * Live collaboration (issue 14): who is on a funnel, and which saves reach open editors.
 * `GET /api/v1/funnels/{id}/events` streams these as server-sent events (WHATWG HTML
 * "Server-sent events"): `hello` (this connection's id), `presence` (everyone on the funnel
 * now), `change` (a document of the funnel was saved).
 */
import { z } from 'zod';

/** A document of a funnel that live events name: the funnel, one of its pages, or its flow layout. */
export const LiveDocSchema = z.string().regex(/^(funnel|page|layout):\d{1,10}$/, 'Unknown document');

/** One operator connected to a funnel (one browser tab). */
export const ViewerSchema = z.object({
  /** The connection (one per tab): a tab tells itself apart from the operator's other tabs. */
  conn: z.string(),
  user_id: z.number().int(),
  name: z.string(),
  /** The document the operator has open (`page:12`), or null on the funnel's own screens. */
  doc: LiveDocSchema.nullable(),
});
export type Viewer = z.infer<typeof ViewerSchema>;

/** `event: presence`: everyone connected to the funnel now, this connection included. */
export const PresenceEventSchema = z.object({ viewers: z.array(ViewerSchema) });

/** `event: hello`: this connection's id. */
export const HelloEventSchema = z.object({ conn: z.string() });

/** `event: change`: a document of the funnel was saved (its new version), by whom, under which label. */
export const ChangeEventSchema = z.object({
  doc: LiveDocSchema,
  version: z.number().int(),
  user: z.object({ user_id: z.number().int(), name: z.string() }),
  title: z.string(),
  /** The `X-Client-Id` of the tab that saved (a tab ignores its own saves), or null. */
  client: z.string().nullable(),
});
export type ChangeEvent = z.infer<typeof ChangeEventSchema>;

/** Initials of a name for an avatar: "Olivia Operator" → "OO", "ada" → "A". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]![0]}${words.at(-1)![0]}` : (words[0]?.[0] ?? '?')).toUpperCase();
}
