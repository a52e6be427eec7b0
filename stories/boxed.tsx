/**
 * A story's component in the box its screen gives it, for components that fill their parent: a
 * meta's `render` that shows the component with the story's args inside a `div` of that style,
 * or a story's decorator that puts the story in one.
 */
import type { ComponentType, CSSProperties } from 'react';
import type { Decorator } from '@storybook/react-vite';

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

/** A decorator that shows the story inside a `div` of `style` (the one size the story is about). */
export const inBox =
  (style: CSSProperties): Decorator =>
  (Story) => (
    <div style={style}>
      <Story />
    </div>
  );
