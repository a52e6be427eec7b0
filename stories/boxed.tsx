/**
 * A story's component in the box its screen gives it, for components that fill their parent: a
 * meta's `render` that shows the component with the story's args inside a `div` of that style.
 */
import type { ComponentType, CSSProperties } from 'react';

/** `Component` with the story's args, inside a `div` of `style` (a maximum width, a fixed height). */
export function boxed<P extends object>(Component: ComponentType<P>, style: CSSProperties) {
  return function Boxed(args: P) {
    return (
      <div style={style}>
        <Component {...args} />
      </div>
    );
  };
}
