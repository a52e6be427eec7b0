import { createElement, type ComponentPropsWithRef, type ElementType, type ReactNode } from 'react';
import { sprinkles, type Sprinkles } from './sprinkles.css';
import { spacer } from './styles.css';

/** Props of {@link Box}: the sprinkle props, `as`, `className`, and the element's own props. */
export type BoxProps<E extends ElementType = 'div'> = Sprinkles & {
  /** The element or component to render; a `div` by default. */
  as?: E;
  className?: string;
  children?: ReactNode;
} & Omit<ComponentPropsWithRef<E>, keyof Sprinkles | 'as' | 'className' | 'children'>;

/** Splits props into sprinkle props and the rest (passed to the element). */
function splitProps(props: Record<string, unknown>): [Sprinkles, Record<string, unknown>] {
  const atoms: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(props)) {
    if (sprinkles.properties.has(k as keyof Sprinkles)) atoms[k] = v;
    else rest[k] = v;
  }
  return [atoms, rest];
}

/**
 * The base layout primitive: renders `as` (a `div` by default) with the theme's sprinkles as
 * props — `<Box as="ul" listStyle="none" padding="none" margin="none">` — plus any
 * `className` and the element's own attributes (roles, labels, handlers).
 */
export function Box<E extends ElementType = 'div'>({ as, className, ...props }: BoxProps<E>) {
  const [atoms, rest] = splitProps(props);
  const classes = [sprinkles(atoms), className].filter(Boolean).join(' ');
  return createElement(as ?? 'div', { ...rest, className: classes || undefined });
}

type Space = NonNullable<Sprinkles['gap']>;

/** Props of {@link Stack}. */
export type StackProps<E extends ElementType = 'div'> = BoxProps<E> & {
  /** Space between the children; the theme's `sm` by default. */
  gap?: Space;
  /** Cross-axis alignment of the children (stretch by default). */
  align?: Sprinkles['alignItems'];
};

/**
 * Children one below the other with an even gap (flex column): `<Stack as="ol" gap="md">`.
 * Takes every {@link Box} prop.
 */
export function Stack<E extends ElementType = 'div'>({ gap = 'sm', align, ...props }: StackProps<E>) {
  return <Box display="flex" flexDirection="column" gap={gap} alignItems={align} {...(props as BoxProps<E>)} />;
}

/** Props of {@link Inline}. */
export type InlineProps<E extends ElementType = 'div'> = BoxProps<E> & {
  /** Space between the children; the theme's `sm` by default. */
  gap?: Space;
  /** Cross-axis alignment; `center` by default. */
  align?: Sprinkles['alignItems'];
  /** Whether the children wrap onto further lines; true by default. */
  wrap?: boolean;
};

/**
 * Children side by side with an even gap (flex row), centred and wrapping by default — the
 * same as the `row` class: `<Inline wrap={false} align="flex-end">`. Takes every {@link Box} prop.
 */
export function Inline<E extends ElementType = 'div'>({ gap = 'sm', align = 'center', wrap = true, ...props }: InlineProps<E>) {
  return <Box display="flex" gap={gap} alignItems={align} flexWrap={wrap ? 'wrap' : 'nowrap'} {...(props as BoxProps<E>)} />;
}

/** Props of {@link HeadingRow}. */
export interface HeadingRowProps {
  /** The `h1`'s id (the section's `aria-labelledby`). */
  id?: string;
  title: ReactNode;
  /** Right after the title: a lock, badges, a nav. */
  after?: ReactNode;
  /** At the far end of the row, after a spacer: notes and actions (no spacer without them). */
  children?: ReactNode;
}

/** A screen's heading row: its `h1`, what belongs to the title, then its notes and actions at the far end. */
export function HeadingRow({ id, title, after, children }: HeadingRowProps) {
  return (
    <Inline marginBottom="md">
      <Box as="h1" id={id} margin="none">
        {title}
      </Box>
      {after}
      {children !== undefined && <span className={spacer} />}
      {children}
    </Inline>
  );
}
