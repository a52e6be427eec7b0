import * as s from './skeleton.css';
import { visuallyHidden } from './styles.css';

/** Props of {@link Skeleton}. */
export interface SkeletonProps {
  /** What is loading, in today's words ('Loading funnels…'): the status's visually hidden text. */
  label: string;
  /** `table`: a header and `rows` rows (lists); `editor`: a panel and a preview (page/template editor); `lines`: a few form lines. */
  variant?: 'table' | 'editor' | 'lines';
  /** Rows of the table shape (default 5). */
  rows?: number;
  /** Columns of the table shape (default 4). */
  columns?: number;
}

/**
 * A loading placeholder in the shape of what will come: grey bars instead of
 * 'Loading…' text. It stays a `role="status"` with `aria-busy="true"` whose text is `label`,
 * visually hidden, so screen readers (and tests) still read 'Loading funnels…'; the bars are
 * `aria-hidden`. The bars pulse, except under `prefers-reduced-motion`.
 */
export function Skeleton({ label, variant = 'table', rows = 5, columns = 4 }: SkeletonProps) {
  const bars = (n: number, cls = s.bar) => Array.from({ length: n }, (_, i) => <span key={i} className={cls} />);
  const shape =
    variant === 'editor' ? (
      <div className={s.row}>
        <div className={s.stack}>
          {bars(1, s.tall)}
          {bars(6)}
          {bars(2, s.tall)}
        </div>
        <span className={s.preview} />
      </div>
    ) : variant === 'lines' ? (
      <div className={s.stack}>
        {bars(1)}
        {bars(3, s.tall)}
      </div>
    ) : (
      <div className={s.stack}>
        {Array.from({ length: rows + 1 }, (_, r) => (
          <div key={r} className={s.row}>
            {bars(columns, r ? s.bar : s.tall)}
          </div>
        ))}
      </div>
    );
  return (
    <div role="status" aria-busy="true">
      <span className={visuallyHidden}>{label}</span>
      <div aria-hidden="true">{shape}</div>
    </div>
  );
}
