/**
 * Story args' spies for callbacks a component awaits, and what a spy was called with for one
 * row of a list.
 */
import { expect, fn, type Mock } from 'storybook/test';

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
