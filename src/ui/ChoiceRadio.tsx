import type { ReactNode } from 'react';
import { Radio } from 'react-aria-components';
import * as css from './choice.css';
import { sprinkles } from './sprinkles.css';

/**
 * One radio of a choice inside a react-aria `RadioGroup`, with a visible dot (react-aria's Radio
 * renders none): keep theirs / keep mine in the conflict question, keep now / revert in the
 * revert dialog.
 */
export function ChoiceRadio({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Radio value={value} className={sprinkles({ display: 'flex', gap: 6, alignItems: 'baseline', cursor: 'pointer', paddingY: 2, paddingX: 'none' })}>
      {({ isSelected, isFocusVisible }) => (
        <>
          <span aria-hidden className={isFocusVisible ? `${css.dot} ${css.dotFocused}` : css.dot}>
            {isSelected ? '◉' : '○'}
          </span>
          <span>{children}</span>
        </>
      )}
    </Radio>
  );
}
