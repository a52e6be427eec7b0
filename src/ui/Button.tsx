import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';
import { button } from './styles.css';

/**
 * Props: a native button's attributes with react-aria's names for pressing and disabling
 * (`onPress`, `isDisabled`), plus a visual `variant` and `size`.
 */
export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'className'> {
  /** Called on a press by mouse, touch or keyboard (Enter, Space), never while disabled. */
  onPress?: () => void;
  isDisabled?: boolean;
  /**
   * Why the button is disabled (every disabled control says why), e.g. "This funnel
   * is locked: unlock it to make changes": while `isDisabled`, its tooltip and its accessible
   * description. Ignored while enabled, so it can be passed unconditionally.
   */
  disabledReason?: string;
  /** Extra classes beside the recipe's. */
  className?: string;
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'sm' | 'md';
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The design system's button: a native `<button type="button">` (role, name, Enter and Space
 * come with it), so a screen that shows only buttons does not load react-aria. Like
 * react-aria's Button it takes the focus when pressed (Safari and Firefox on macOS leave it
 * on the page), so a dialog it opens gives the focus back to it on close. Use `onPress`.
 */
export function Button({ variant, size, className, isDisabled, disabledReason, onPress, onClick, type = 'button', title, ...rest }: ButtonProps) {
  const press = (e: MouseEvent<HTMLButtonElement>) => {
    if (document.activeElement !== e.currentTarget) e.currentTarget.focus({ preventScroll: true });
    onClick?.(e);
    onPress?.();
  };
  return (
    <button
      {...rest}
      title={isDisabled && disabledReason ? disabledReason : title}
      type={type}
      disabled={isDisabled}
      onClick={press}
      className={[button({ variant, size }), className ?? ''].join(' ')}
    />
  );
}
