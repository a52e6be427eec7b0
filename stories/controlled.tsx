/**
 * A controlled component as its screen holds it, for a story: the value kept in state and set
 * by the component's own change callback, which still reports to the story's spy.
 */
import { useState, type ComponentType } from 'react';

/**
 * `Component` with the story's args, its prop `value` kept in state: each call of its prop
 * `onChange` reports to the arg's spy first, then sets the value shown.
 */
export function controlled<P extends object, V extends keyof P, C extends keyof P>(Component: ComponentType<P>, value: V, onChange: C) {
  return function Controlled(args: P) {
    const [current, setCurrent] = useState(args[value]);
    const report = args[onChange] as (next: P[V]) => void;
    const props = {
      ...args,
      [value]: current,
      [onChange]: (next: P[V]) => {
        report(next);
        setCurrent(next);
      },
    };
    return <Component {...props} />;
  };
}
