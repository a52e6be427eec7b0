import { initials, type Viewer } from '../model/live';
import * as css from './presence.css';

/** Props of {@link PresenceAvatars}. */
export interface PresenceAvatarsProps {
  /** The other operators on the funnel (not this tab). */
  viewers: readonly Viewer[];
  /** The document this screen edits (`page:12`), or null: operators on it are marked "here". */
  here: string | null;
  /** How a document is named: "Page Checkout", "the funnel". */
  docName: (doc: string | null) => string;
}

/**
 * Who else is on this funnel: one avatar (initials) per operator and document, with
 * the name and where they are in its label; those on this screen's document are ringed. One
 * operator in two tabs on one document is one avatar. Nothing when nobody else is here.
 */
export function PresenceAvatars({ viewers, here, docName }: PresenceAvatarsProps) {
  const seen = new Set<string>();
  const shown = viewers.filter((v) => {
    const k = `${v.user_id} ${v.doc ?? ''}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  if (!shown.length) return null;
  return (
    <ul aria-label="Also here" className={css.list}>
      {shown.map((v) => {
        const on = here !== null && v.doc === here;
        const label = `${v.name} — ${on ? 'on this page' : `on ${docName(v.doc)}`}`;
        return (
          <li key={`${v.user_id} ${v.doc ?? ''}`} className={on ? `${css.avatar} ${css.here}` : css.avatar} title={label} aria-label={label}>
            <span aria-hidden>{initials(v.name)}</span>
          </li>
        );
      })}
    </ul>
  );
}
