/** The visible dot of a {@link ChoiceRadio}. */
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** A radio's visible dot; ringed while the radio has keyboard focus. */
export const dot = style({ outline: 'none', borderRadius: 999 });
export const dotFocused = style({ outline: `2px solid ${vars.color.focus}` });
