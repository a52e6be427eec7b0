/** The template editor's side drawer: a column that scrolls on its own beside the frame. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

/** The drawer: its tabs on top, the open tab's content scrolling below. */
export const drawer = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  minHeight: 0,
  height: '100%',
  overflow: 'auto',
  padding: vars.space.md,
  background: vars.color.surface,
  borderLeft: `1px solid ${vars.color.border}`,
});

/** A tab's own editor (Meta, Page SEO, CSS, Javascript): its title, then the fields. */
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

/** The fieldset that makes a tab read-only while the funnel is locked (no frame of its own). */
export const lockable = style({ border: 0, padding: 0, margin: 0, minWidth: 0 });

/** The Apply / Revert buttons under an editor. */
export const actions = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' });

/** Panels shown one after the other in one tab (Extras: addons then sizes). */
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });
