/**
 * The admin frame's layout: a two-column grid (side menu, page) between the header and
 * the footer, the header's dark band, the account menu and the side menu's links.
 */
import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

export const frame = style({ display: 'grid', gridTemplateColumns: '200px 1fr', gridTemplateRows: 'auto 1fr auto', minHeight: '100vh' });
export const header = style({ gridColumn: '1 / 3', display: 'flex', alignItems: 'center', gap: 12, padding: '8px 16px', background: '#111a33', color: '#fff' });
export const brand = style({ fontSize: 16 });
export const menu = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 6,
  padding: 4,
  minWidth: 160,
  boxShadow: vars.shadow.modal,
});
export const menuItem = style({ padding: '6px 10px', cursor: 'pointer', borderRadius: 4 });
export const nav = style({ background: vars.color.surface, borderRight: `1px solid ${vars.color.border}`, padding: '12px 0' });
/** A side-menu link; the current screen's (NavLink's aria-current="page") is highlighted. */
export const navLink = style({
  display: 'block',
  padding: '8px 16px',
  textDecoration: 'none',
  color: vars.color.text,
  fontWeight: 400,
  selectors: { '&[aria-current="page"]': { color: vars.color.primary, fontWeight: 600, background: vars.color.infoBg } },
});
export const main = style({ padding: 20, minWidth: 0 });
export const footer = style({ gridColumn: '1 / 3', padding: '8px 16px', borderTop: `1px solid ${vars.color.border}`, color: vars.color.muted, fontSize: 12 });
