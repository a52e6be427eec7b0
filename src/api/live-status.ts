/**
 * The live stream's connection state, apart from the stream itself so the editor
 * bar can read it without loading the stream's parser and schemas. Written by `useFunnelLive`
 * (live.ts), read with {@link useLiveConnection}.
 */
import { useSyncExternalStore } from 'react';

/**
 * `idle`: no stream is kept (no funnel open, or the server refused it for good);
 * `live`: connected, other operators' saves arrive; `paused`: the stream dropped or could not
 * connect and the tab is reconnecting with backoff — saves made meanwhile are read on return.
 */
export type LiveConnectionState = 'idle' | 'live' | 'paused';

let current: LiveConnectionState = 'idle';
const listeners = new Set<() => void>();

/** The connection state as a small external store (one stream per tab). */
export const liveConnection = {
  get: (): LiveConnectionState => current,
  /** Publishes `next` to every subscriber when it differs from the current state. */
  set: (next: LiveConnectionState): void => {
    if (next === current) return;
    current = next;
    for (const l of [...listeners]) l();
  },
  /** Calls `listener` after each change; returns the unsubscribe function. */
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** The live stream's connection state, re-rendering on each change. */
export function useLiveConnection(): LiveConnectionState {
  return useSyncExternalStore(liveConnection.subscribe, liveConnection.get, liveConnection.get);
}
