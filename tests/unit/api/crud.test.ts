/**
 * The write toolkit's refusal handling (src/api/crud.ts): a refused write is shown — a 409 as
 * the info toast, anything else as the 'Error' toast, a 401 also signs out — and rethrown so
 * the dialog stays open; a refusal the form shows itself (`quiet`) is not toasted.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, configureApi } from '../../../src/api/client';
import { shownWrite, withId } from '../../../src/api/crud';

const seen: { tone: string; message: string }[] = [];
let unauthorized = 0;
const toasts = {
  info: (message: string) => seen.push({ tone: 'info', message }),
  error: (message: string) => seen.push({ tone: 'error', message }),
};
const refuse = (status: number, message: string) => () => Promise.reject(new ApiError(status, message, { message }));

beforeEach(() => {
  seen.length = 0;
  unauthorized = 0;
  configureApi({ getToken: () => 'tok', onUnauthorized: () => unauthorized++ });
});

describe('shownWrite', () => {
  it('answers what the write answers and shows nothing', async () => {
    await expect(shownWrite(toasts, () => Promise.resolve(7))).resolves.toBe(7);
    expect(seen).toEqual([]);
  });

  it('shows a 409 as the info toast and rethrows it', async () => {
    const write = shownWrite(toasts, refuse(409, 'Offer 12 already exists'));
    await expect(write).rejects.toMatchObject({ status: 409, message: 'Offer 12 already exists' });
    expect(seen).toEqual([{ tone: 'info', message: 'Offer 12 already exists' }]);
    expect(unauthorized).toBe(0);
  });

  it('shows another refusal as the error toast, signs out on a 401, and rethrows', async () => {
    await expect(shownWrite(toasts, refuse(422, 'name is required'))).rejects.toBeInstanceOf(ApiError);
    await expect(shownWrite(toasts, refuse(401, 'Unauthorized'))).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual([
      { tone: 'error', message: 'name is required' },
      { tone: 'error', message: 'Unauthorized' },
    ]);
    expect(unauthorized).toBe(1);
  });

  it('leaves a refusal `quiet` names to the form, and a failure that is no ApiError unshown', async () => {
    const taken = (e: ApiError) => e.status === 409 && e.message.endsWith('already exists');
    await expect(shownWrite(toasts, refuse(409, 'User a@b.c already exists'), taken)).rejects.toBeInstanceOf(ApiError);
    await expect(shownWrite(toasts, () => Promise.reject(new TypeError('network')))).rejects.toBeInstanceOf(TypeError);
    expect(seen).toEqual([]);
  });
});

describe('withId', () => {
  it('passes `{ id, body }` on as `(id, body)`', async () => {
    const update = withId((id: number, body: { name: string }) => Promise.resolve(`${id}:${body.name}`));
    await expect(update({ id: 3, body: { name: 'x' } })).resolves.toBe('3:x');
  });
});
