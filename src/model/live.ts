/**
 * Live collaboration: who is on a funnel, and which saves reach open editors.
 * `GET /api/v1/funnels/{id}/events` streams these as server-sent events (WHATWG HTML
 * "Server-sent events"): `hello` (this connection's id), `presence` (everyone on the funnel
 * when the stream opens), `presence-change` (who joined or left since), `change` (a document of
 * the funnel was saved), `resync` (read the open documents again).
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

/**
 * `event: presence-change`: who joined and which connections left since the last presence
 * event (a stream gets the whole list once, then only changes). Applied by `conn`:
 * a join of a known connection or the leave of an unknown one changes nothing.
 */
export const PresenceChangeEventSchema = z.object({ joined: z.array(ViewerSchema), left: z.array(z.string()) });
export type PresenceChange = z.infer<typeof PresenceChangeEventSchema>;

/** `viewers` after `change`: the connections that left removed, those that joined added or updated, in order of arrival. */
export function applyPresenceChange(viewers: readonly Viewer[], change: PresenceChange): Viewer[] {
  const gone = new Set(change.left);
  const joined = new Map(change.joined.map((v) => [v.conn, v]));
  const known = new Set(viewers.map((v) => v.conn));
  return [
    ...viewers.filter((v) => !gone.has(v.conn)).map((v) => joined.get(v.conn) ?? v),
    ...change.joined.filter((v) => !known.has(v.conn) && !gone.has(v.conn)),
  ];
}

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
