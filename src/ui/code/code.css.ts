/** Styles of the code editor (src/ui/code/CodeEditor.tsx): its frame and the lazy placeholder. */
import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

/** The frame around CodeMirror: the field's border, focus ring and size. */
export const frame = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  overflow: 'hidden',
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  selectors: {
    '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 },
    '&[data-invalid="true"]': { borderColor: vars.color.danger },
    '&[data-readonly="true"]': { background: vars.color.surfaceAlt },
  },
});

/** Where the busy placeholder sits until CodeMirror has loaded. */
export const placeholder = style({
  padding: '8px 10px',
  color: vars.color.muted,
  fontFamily: vars.font.mono,
  fontSize: vars.size.small,
});

/** The line under the editor that names the first problem as it is typed. */
export const problems = style({ color: vars.color.danger, fontSize: vars.size.small, fontFamily: vars.font.mono });
