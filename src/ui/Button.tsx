import type { Ref } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { button } from './styles.css';

/** Props: react-aria's Button props plus a visual `variant` and `size`. */
export interface ButtonProps extends AriaButtonProps {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'sm' | 'md';
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The design system's button (react-aria: keyboard, press and focus handling).
 * Use `onPress`, not `onClick`.
 */
export function Button({ variant, size, className, ...rest }: ButtonProps) {
  return <AriaButton {...rest} className={[button({ variant, size }), typeof className === 'string' ? className : ''].join(' ')} />;
}
