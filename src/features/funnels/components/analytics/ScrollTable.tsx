/** The frame of an Analytics table: it scrolls sideways on its own when wider than its column. */
import type { ReactNode } from 'react';
import * as css from './analytics.css';

/**
 * `children` (a table) in a frame that scrolls sideways; the frame is a named, focusable region
 * because the keyboard must reach a scrolling area to scroll it (axe: scrollable-region-focusable).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={css.tableWrap} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
