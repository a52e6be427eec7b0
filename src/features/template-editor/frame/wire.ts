/**
 * What both sides of the template editor's frame protocol share without a schema library: the
 * protocol name and the message shapes. The frame runtime imports only this (it stays small);
 * the parent validates what the frame sends with the zod schemas of ../protocol.ts.
 */

/** Protocol name and version carried by every message (src/features/README.md, the template editor's frame). */
export const PROTO = 'funnel-editor/1';

/** What an editable element is in the frame: a text session (plain or rich), an image pick, or a block whose drawer tab opens. */
export type EditKind = 'text' | 'html' | 'image' | 'block';

/** Messages the parent sends: `init` on window.postMessage (carrying the port), the rest on the port. */
export type ParentMessage =
  | { proto: typeof PROTO; type: 'init' }
  /**
   * The page to show: `html` rendered by the publish renderer; `fields` the editable `data-edit`
   * paths by kind; `texts` the stored value of each text field (what a session starts from: a
   * template may print more than the value, e.g. "2 × Serum" for `data_name`); `locked`: no sessions.
   */
  | { proto: typeof PROTO; type: 'render'; html: string; fields: Record<string, EditKind>; texts: Record<string, string>; locked: boolean }
  /** Outlines the element of `path` (null: none), e.g. when its drawer tab is open. */
  | { proto: typeof PROTO; type: 'select'; path: string | null };
