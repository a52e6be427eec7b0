/**
 * Story args' spies for callbacks a component awaits, what a spy was called with for one
 * row of a list, and the error a delete refused because pages use the row rejects with.
 */
import { expect, fn, type Mock } from 'storybook/test';
import { inUseMessage, type InUseRefusal, type PageUse } from '../src/model/usage';

/**
 * Spies for the callbacks a list awaits (onCreate, onUpdate, onDelete, an upload…), each
 * resolving at once, as the story args give them: `args: { rows, ...resolvingSpies('onCreate') }`.
 */
export function resolvingSpies<K extends string>(...names: K[]) {
  const spies = {} as Record<K, Mock<() => Promise<void>>>;
  for (const name of names) spies[name] = fn(() => Promise.resolve());
  return spies;
}

/** A check to wait for: `spy` was called with the row of id `ID` (then `more`, its other arguments). */
export const calledForRow =
  (spy: unknown, ID: number, ...more: unknown[]) =>
  () =>
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ ID }), ...more);

/**
 * The 409 body of a delete refused because `pages` use `what` ('Offer 10231 (GlowSkin)'), with
 * the sentence the server writes (src/model/usage.ts) ending in `todo`: `{ message, pages }`.
 */
export const inUseRefusal = (what: string, pages: PageUse[], todo: string): InUseRefusal => ({ message: inUseMessage(what, pages, todo), pages });

/** The error a delete call rejects with when the API refuses it with `refusal` (409); `message` is the Error's own. */
export const inUseError = (refusal: InUseRefusal, message = refusal.message) => Object.assign(new Error(message), { status: 409, body: refusal });
