/**
 * The admin frame (001 §2 "Menus and frame"): side menu, header menu (Profile, Status,
 * Logout), footer with the API docs link, notifications, and the leave warning while
 * anything is unsaved.
 */
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useAuth } from 'react-oidc-context';
import { useMe } from '../api';
import { useBeforeUnloadWhileDirty } from '../editor';
import { Button, ConfirmDialog, ToastRegion, vars } from '../ui';

const MENU = [
  ['/', 'Dashboard'], ['/funnels', 'Funnels'], ['/domains', 'Domains'], ['/templates', 'Templates'], ['/categories', 'Categories'],
  ['/offers', 'Offers'], ['/orders', 'Orders'], ['/shipping', 'Shipping'], ['/status', 'Status'], ['/users', 'Users'],
] as const;

/** The frame around every signed-in screen. */
export function Shell() {
  useBeforeUnloadWhileDirty();
  const me = useMe();
  const auth = useAuth();
  const navigate = useNavigate();
  const [profile, setProfile] = useState(false);
  const items = me.data?.role === 'sticky' ? ([['/sticky', 'Sticky']] as const) : MENU;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '200px 1fr', gridTemplateRows: 'auto 1fr auto', minHeight: '100vh' }}>
      <header style={{ gridColumn: '1 / 3', display: 'flex', alignItems: 'center', gap: 12, padding: '8px 16px', background: '#111a33', color: '#fff' }}>
        <strong style={{ fontSize: 16 }}>Funnel Admin</strong>
        <span style={{ flex: 1 }} />
        <MenuTrigger>
          <Button size="sm" aria-label="Account menu">{me.data?.name ?? auth.user?.profile.email ?? 'Account'} ▾</Button>
          <Popover placement="bottom end">
            <Menu aria-label="Account" style={{ background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: 6, padding: 4, minWidth: 160, boxShadow: vars.shadow.modal }}
              onAction={(k) => {
                if (k === 'profile') setProfile(true);
                if (k === 'status') navigate('/status');
                if (k === 'logout') void auth.signoutRedirect().catch(() => auth.removeUser().then(() => navigate('/login')));
              }}>
              {[['profile', 'Profile'], ['status', 'Status'], ['logout', 'Logout']].map(([id, label]) => (
                <MenuItem key={id} id={id} style={{ padding: '6px 10px', cursor: 'pointer', borderRadius: 4 }}>{label}</MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      </header>
      <nav aria-label="Main" style={{ background: vars.color.surface, borderRight: `1px solid ${vars.color.border}`, padding: '12px 0' }}>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map(([to, label]) => (
            <li key={to}>
              <NavLink to={to} end={to === '/'} style={({ isActive }) => ({
                display: 'block', padding: '8px 16px', textDecoration: 'none', color: isActive ? vars.color.primary : vars.color.text,
                fontWeight: isActive ? 600 : 400, background: isActive ? vars.color.infoBg : undefined,
              })}>{label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main style={{ padding: 20, minWidth: 0 }}>
        <Outlet />
      </main>
      <footer style={{ gridColumn: '1 / 3', padding: '8px 16px', borderTop: `1px solid ${vars.color.border}`, color: vars.color.muted, fontSize: 12 }}>
        <a href="/api/docs" target="_blank" rel="noreferrer">API docs</a>
      </footer>
      <ToastRegion />
      <ConfirmDialog isOpen={profile} title="Profile" confirmLabel="Close" onConfirm={() => setProfile(false)} onCancel={() => setProfile(false)}
        message={me.data ? <dl><dt>Name</dt><dd>{me.data.name}</dd><dt>E-mail</dt><dd>{me.data.email}</dd><dt>Role</dt><dd>{me.data.role}</dd></dl> : 'Loading…'} />
    </div>
  );
}
