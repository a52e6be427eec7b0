/** Styles of the Domains tab: the kind choice of the add form and the DNS record editor's grid. */
import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

/** The "What to add" radio group. */
export const kinds = style({ display: 'flex', gap: vars.space.lg, flexWrap: 'wrap', margin: 0, marginBottom: vars.space.md, padding: 0, border: 0 });
export const kind = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center' });
/** The DNS editor below the domain list. */
export const dnsPanel = style({ marginTop: vars.space.lg, padding: vars.space.md, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md });
/** The record grid scrolls sideways on a narrow screen instead of overflowing the page. */
export const gridWrap = style({ overflowX: 'auto', marginBottom: vars.space.md });
export const cellInput = style({ minWidth: 90, width: '100%' });
export const contentInput = style({ minWidth: 180, width: '100%' });
export const priorityInput = style({ width: 80 });
/** A changed row of the grid. */
export const changedRow = style({ background: vars.color.warningBg });
/** A subdomain under its root domain in the nested list. */
export const nested = style({ paddingLeft: vars.space.lg, color: vars.color.text });
