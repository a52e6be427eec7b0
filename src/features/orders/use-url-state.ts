/**
 * The orders table's state, kept in the URL (`url-state.ts`) but shown before the URL has it.
 *
 * A page change renders the table at once from local state, in the same task as the click or
 * Enter; the URL follows after that frame is painted. Going through the router first made
 * every page change wait for `history.pushState` and a render of the whole route (the shell,
 * its links, the auth guard) before the rows could paint: 4–8 ms of each change on 2 cores.
 * The URL stays the source of truth: each change is still a history entry, and a URL that
 * changes by other means (Back, Forward, a link) is adopted as the state.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'react-router-dom';
import { readState, writeState, type OrdersState } from './url-state';

/** Runs `fn` when the browser is next idle (at most 200 ms on); where there is no idle callback (Safari), in a task. */
const afterPaint = (fn: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 200 }) : setTimeout(fn));

/**
 * @returns the state shown and `go(next)`, which shows `next` synchronously and then pushes
 * its URL (a new history entry) once the frame showing it has been painted and the browser is
 * idle. A push still waiting when another `go` comes, the URL changes by other means (Back) or
 * the screen unmounts is dropped.
 */
export function useOrdersUrlState(): [OrdersState, (next: OrdersState) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // The state shown, and the URL it was last taken from or written to: a different URL (Back,
  // a link) is adopted while rendering, so a stale state never shows.
  const [[from, state], setShown] = useState(() => [search, readState(params)] as const);
  if (from !== search) setShown([search, writeState(state).toString() === search ? state : readState(params)]);
  // Numbers the pushes: only the latest one still wanted is made.
  const latest = useRef(0);
  useEffect(
    () => () => {
      latest.current++;
    },
    [search],
  );
  const go = useCallback(
    (next: OrdersState) => {
      flushSync(() => setShown(([url]) => [url, next]));
      const push = ++latest.current;
      // After the frame's paint, when the browser is idle: the push renders the whole route
      // again (10–15 ms), which must not delay the paint or the tasks queued behind it. It
      // renders synchronously (flushSync), not as the router's transition: a transition still
      // pending when the next change is shown would commit this URL over it, and it would be
      // adopted as if it had come from Back.
      requestAnimationFrame(() => afterPaint(() => latest.current === push && setParams(writeState(next), { flushSync: true })));
    },
    [setParams],
  );
  return [state, go];
}
