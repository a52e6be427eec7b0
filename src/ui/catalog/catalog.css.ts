/** Styles of the Campaigns and Products tabs: choice groups (regions, bundle products), the CSV upload's progress and refused rows. */
import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

/** A fieldset of checkboxes (regions, a bundle's products). */
export const choices = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: 0,
  marginBottom: vars.space.md,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
/** The bundle's product list: one product a line. */
export const choiceList = style([choices, { display: 'grid', gap: vars.space.xs, maxHeight: 260, overflowY: 'auto' }]);
export const choice = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center' });
/** A bundle product's quantity beside its name. */
export const quantity = style({ width: 72 });
export const progress = style({ display: 'grid', gap: vars.space.xs, marginBottom: vars.space.md });
export const refused = style({ margin: 0, paddingLeft: vars.space.lg, color: vars.color.danger, maxHeight: 200, overflowY: 'auto' });
