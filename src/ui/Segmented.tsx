import type { ReactNode } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { sprinkles } from './sprinkles.css';
import { button } from './styles.css';

/** Props of {@link Segmented}. */
export interface SegmentedProps<T extends string> {
  /** The group's accessible name, e.g. "Device". */
  label: string;
  /** The choices in order: `id` is the value, `label` the text. */
  options: readonly { id: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  /** Shown after the buttons, inside the group's row (e.g. a status note). */
  children?: ReactNode;
}

/**
 * A single-choice row of toggle buttons (react-aria: arrow keys move between them, the chosen
 * one is `aria-pressed`); one is always chosen. Used for the device and preview-source toggles.
 */
export function Segmented<T extends string>({ label, options, value, onChange, children }: SegmentedProps<T>) {
  return (
    <ToggleButtonGroup
      aria-label={label}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[value]}
      onSelectionChange={(keys) => {
        const k = [...keys][0];
        if (k !== undefined) onChange(k as T);
      }}
      className={sprinkles({ display: 'flex', gap: 'xs' })}
    >
      {options.map((o) => (
        <ToggleButton key={o.id} id={o.id} className={button({ variant: o.id === value ? 'primary' : 'secondary', size: 'sm' })}>
          {o.label}
        </ToggleButton>
      ))}
      {children}
    </ToggleButtonGroup>
  );
}
