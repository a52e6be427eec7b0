/**
 * The write toolkit the slices share: {@link shownWrite} (a refused write shown as the seeds
 * want it — a 409 as the 001 §8 info toast, anything else as the 000 §8 'Error' toast — and
 * rethrown so the dialog stays open) and {@link useWrite}, which turns a slice's write calls
 * into typed TanStack mutations that refresh the queries they change and say when they
 * succeeded. src/api does not import src/ui: the slice passes the toasts (`notify`) in.
 */
import { useMutation, useQueryClient, type InvalidateQueryFilters, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { ApiError, reportFailure } from './client';

/** Where a write's outcome is shown (the UI's `notify`: info, 'Error' and 'Success' toasts). */
export interface WriteToasts {
  /** The 001 §8 info toast (a 409 that blocks the action). */
  info: (message: string) => void;
  /** The 000 §8 'Error' toast. */
  error: (message: string) => void;
  /** The 'Success' toast of a write that went through. */
  success: (message: string) => void;
}

/**
 * Runs `write`; a refusal (an ApiError) is shown — a 409 as `toasts.info`, anything else as
 * `toasts.error` (a 401 still signs out) — unless `quiet` says a form shows it at its field.
 * @returns what `write` answers.
 * @throws the write's error, always (so a dialog stays open).
 */
export async function shownWrite<T>(toasts: Pick<WriteToasts, 'info' | 'error'>, write: () => Promise<T>, quiet?: (e: ApiError) => boolean): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (e instanceof ApiError && !quiet?.(e)) {
      reportFailure(e, false); // a 401 still signs out
      if (e.status === 409) toasts.info(e.message);
      else toasts.error(e.message);
    }
    throw e;
  }
}

/** A `(id, body)` call as a write of one variable `{ id, body }` (a mutation takes one). */
export const withId =
  <B, R>(call: (id: number, body: B) => Promise<R>) =>
  ({ id, body }: { id: number; body: B }): Promise<R> =>
    call(id, body);

/** What {@link useWrite} does around a call answering `R` for variables `V`. */
export interface WriteOptions<V, R> {
  /** The queries the write refreshes when it succeeds (a key, `exact`, or a predicate). */
  refresh: readonly InvalidateQueryFilters[];
  /** Queries it drops from the cache first (a deleted item is not asked for again). */
  drop?: readonly QueryKey[];
  /** Whether it waits for the refresh before it resolves (the list shows the change when a dialog closes). */
  awaitRefresh?: boolean;
  /** Whether it refreshes when it fails too (a write that may be left half done). */
  settled?: boolean;
  /** The toasts; needed for `shown` and `success`. */
  toasts?: WriteToasts;
  /** Whether its refusal is shown through {@link shownWrite} (a call the client does not notify). */
  shown?: boolean;
  /** Refusals `shown` leaves to the form (e.g. a taken e-mail shown at its field). */
  quiet?: (e: ApiError) => boolean;
  /** Its 'Success' toast, from its answer and its variables. */
  success?: (answer: R, vars: V) => string;
}

/**
 * `call` as a TanStack mutation, typed from the call: on success it drops and refreshes the
 * queries `options` names, then raises its 'Success' toast; a `shown` write's refusal is
 * toasted and rethrown (the mutation rejects, so a dialog stays open).
 */
export function useWrite<V, R>(call: (vars: V) => Promise<R>, options: WriteOptions<V, R>): UseMutationResult<R, Error, V> {
  const qc = useQueryClient();
  const { toasts, success } = options;
  const refresh = (): Promise<unknown> => {
    for (const queryKey of options.drop ?? []) qc.removeQueries({ queryKey });
    const done = Promise.all(options.refresh.map((filters) => qc.invalidateQueries(filters)));
    return options.awaitRefresh ? done : Promise.resolve();
  };
  return useMutation({
    mutationFn: (vars: V) => (options.shown && toasts ? shownWrite(toasts, () => call(vars), options.quiet) : call(vars)),
    onSuccess: async (answer, vars) => {
      if (!options.settled) await refresh();
      if (success && toasts) toasts.success(success(answer, vars));
    },
    onSettled: options.settled ? refresh : undefined,
  });
}

/** The create, replace and delete calls of a record list whose rows are keyed by `ID`. */
export interface RecordCalls<C, U, R> {
  create: (body: C) => Promise<R>;
  update: (id: number, body: U) => Promise<R>;
  remove: (id: number) => Promise<unknown>;
}

/**
 * A record list's three writes as {@link useWrite} mutations with one set of `options`, each
 * saying '<name> added', '<name> saved' or '<name> deleted' (000 §8 'Success'), `name` read
 * from the answer (create, replace) or from the deleted row.
 */
export function useRecordWrites<C, U, R extends N, N extends { ID: number }>(
  calls: RecordCalls<C, U, R>,
  options: Omit<WriteOptions<unknown, unknown>, 'success'>,
  name: (r: N) => string,
): RecordWrites<C, U, R, N> {
  return {
    create: useWrite(calls.create, { ...options, success: (r) => `${name(r)} added` }),
    update: useWrite(withId(calls.update), { ...options, success: (r) => `${name(r)} saved` }),
    remove: useWrite((r: N) => calls.remove(r.ID), { ...options, success: (_, r) => `${name(r)} deleted` }),
  };
}

/** The writes {@link useRecordWrites} makes. */
export type RecordWrites<C, U, R, N> = {
  create: UseMutationResult<R, Error, C>;
  update: UseMutationResult<R, Error, { id: number; body: U }>;
  remove: UseMutationResult<unknown, Error, N>;
};

/** A list screen's `onCreate`, `onUpdate` and `onDelete` props: the list's writes, the row's `ID` as the replaced id. */
export const recordHandlers = <C, U, R, N extends { ID: number }>(m: RecordWrites<C, U, R, N>) => ({
  onCreate: (v: C) => m.create.mutateAsync(v),
  onUpdate: (x: N, v: U) => m.update.mutateAsync({ id: x.ID, body: v }),
  onDelete: (x: N) => m.remove.mutateAsync(x),
});
