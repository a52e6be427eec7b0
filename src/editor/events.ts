/**
 * What the command log emits, and the small emitter it is emitted on. The store
 * records commands and takes remote copies; everything else listens and can be disposed: the
 * outbox (to batch and send), live presence and telemetry (to say what happened). The outbox in
 * turn emits its units, which the journal writer mirrors. A new listener is one `listen()`
 * call; no existing module changes (as tldraw's `addHistoryInterceptor` and Lexical's
 * `registerUpdateListener`).
 *
 * Source: src/editor/README.md.
 */
import type { Operation } from '../model/jsonpatch';
import type { Journaled, Orphan } from './journal-writer';
import type { Command, DocId } from './types';

/** One thing that happened in the command log, in the order it happened. */
export type EditorEvent =
  /** `cmd` was recorded into history entry `entry`; `start` when it begins that entry on its doc. */
  | { readonly type: 'recorded'; readonly cmd: Command; readonly entry: string; readonly start: boolean }
  /** Entry `entry` was undone (`dir` -1) or redone (1) on `doc`, applying `ops` (re-addressed by identity). */
  | { readonly type: 'replayed'; readonly doc: DocId; readonly entry: string; readonly dir: 1 | -1; readonly ops: readonly Operation[]; readonly label: string }
  /**
   * Commands of transaction or gesture `entry` on `doc` were reverted by applying `inverse`;
   * `abandoned` when the whole group went (a cancelled gesture, a throwing outer transaction).
   */
  | {
      readonly type: 'rolledBack';
      readonly doc: DocId;
      readonly entry: string;
      readonly inverse: readonly Operation[];
      readonly label: string;
      readonly abandoned: boolean;
    }
  /** `doc` was loaded (or reloaded) from the server at `version`. */
  | { readonly type: 'loaded'; readonly doc: DocId; readonly version: number }
  /**
   * Another operator's copy of `doc` at `version` arrived; `outcome` is what the store did with
   * it; `note` is what the caller said of it (who saved what), for a listener to show.
   */
  | {
      readonly type: 'remote';
      readonly doc: DocId;
      readonly version: number;
      readonly outcome: 'busy' | 'stale' | 'updated' | 'rebased' | 'conflict';
      readonly note?: string;
    }
  /** The server acknowledged `ops` for `doc`. */
  | { readonly type: 'saved'; readonly doc: DocId; readonly ops: readonly Operation[] };

/** A unit the outbox created or grew (`append`, `update`), or units it dropped: what the journal mirrors. */
export type UnitEvent =
  { readonly type: 'append' | 'update'; readonly doc: DocId; readonly unit: Journaled } | { readonly type: 'remove'; readonly units: readonly Orphan[] };

/** A listener; the returned function of `listen` removes it. */
export type Listener<E> = (event: E) => void;

/** An emitter: listeners in the order added, each disposable. */
export interface Emitter<E> {
  /** Adds `listener`; the returned function removes it (calling it twice is harmless). */
  listen(listener: Listener<E>): () => void;
  /**
   * Calls every listener with `event`, synchronously, in the order they were added. A listener
   * that throws does not stop the others or the edit: its error goes to the emitter's `onError`.
   */
  emit(event: E): void;
  /** Number of listeners (a test checks disposal with it). */
  readonly size: number;
}

/**
 * Creates an {@link Emitter}. `onError` hears what a listener threw, with the event; by default
 * it is rethrown on a later task (so it reaches the page's error reporting, not the caller).
 */
export function createEmitter<E>(
  onError: (err: unknown, event: E) => void = (err) =>
    setTimeout(() => {
      throw err;
    }),
): Emitter<E> {
  const listeners: Listener<E>[] = [];
  return {
    listen(listener) {
      // A wrapper per registration: the same function added twice is two listeners.
      const entry: Listener<E> = (e) => listener(e);
      listeners.push(entry);
      return () => {
        const i = listeners.indexOf(entry);
        if (i >= 0) listeners.splice(i, 1);
      };
    },
    emit(event) {
      for (const l of [...listeners]) {
        try {
          l(event);
        } catch (err) {
          onError(err, event);
        }
      }
    },
    get size() {
      return listeners.length;
    },
  };
}
