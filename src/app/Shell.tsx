/**
 * The admin frame (001 §2 "Menus and frame"): side menu, header menu (Profile, Status,
 * Logout), footer with the API docs and Storybook links, notifications, and the leave warning while
 * anything is unsaved. The side menu is the role's (src/model/policy.ts `sideMenuFor`).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useAuth } from 'react-oidc-context';
import { useMe } from '../api';
import { EditorProvider, useBeforeUnloadWhileDirty, useEditorStoreApi, type EditorState } from '../editor';
import { createAppEditorStore } from './editor-store';
import { LogoutDialog } from '../features/auth/components/LogoutDialog';
import { RouteEditorBar } from './editing/RouteEditorBar';
import { sideMenuFor, type RoleName } from '../model';
import { Box, Button, ConfirmDialog, ToastRegion } from '../ui';
import * as css from './shell.css';

/** What the header's account menu offers (001 §2 "Menus and frame": Profile, Status, Logout). */
export type AccountAction = 'profile' | 'status' | 'logout';

/** Props of {@link ShellFrame}. */
export interface ShellFrameProps {
  /** The signed-in role; null while `GET /api/v1/me` loads (the side menu stays empty). */
  role: RoleName | null;
  /** Shown on the account menu's button. */
  userName: string;
  onAccountAction: (action: AccountAction) => void;
  children: ReactNode;
}

/**
 * The frame, presentational: header with the account menu, the side menu of the role
 * (`sideMenuFor(role)` from the shared policy table: operator without Users, the sticky
 * account only Sticky), the page, and the footer's API docs and Storybook links.
 */
export function ShellFrame({ role, userName, onAccountAction, children }: ShellFrameProps) {
  const items = role ? sideMenuFor(role) : [];
  return (
    <div className={css.frame}>
      <header className={css.header}>
        <strong className={css.brand}>Funnel Admin</strong>
        <Box as="span" flex={1} />
        <MenuTrigger>
          {/* The accessible name starts with the visible text (WCAG 2.5.3 label in name). */}
          <Button size="sm" aria-label={`${userName}: account menu`}>{userName}<span aria-hidden="true"> ▾</span></Button>
          <Popover placement="bottom end">
            <Menu aria-label="Account" className={css.menu}
              onAction={(k) => onAccountAction(k as AccountAction)}>
              {[['profile', 'Profile'], ['status', 'Status'], ['logout', 'Logout']].map(([id, label]) => (
                <MenuItem key={id} id={id} className={css.menuItem}>{label}</MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      </header>
      <nav aria-label="Main" aria-busy={role === null} className={css.nav}>
        <Box as="ul" listStyle="none" margin="none" padding="none">
          {items.map(({ to, label }) => (
            <li key={to}>
              <NavLink to={to} end={to === '/'} className={css.navLink}>{label}</NavLink>
            </li>
          ))}
        </Box>
      </nav>
      <main className={css.main}>
        {children}
      </main>
      <footer className={css.footer}>
        <a href="/api/docs" target="_blank" rel="noreferrer">API docs</a>
        {' · '}
        <a href="/storybook/" target="_blank" rel="noreferrer">Storybook</a>
      </footer>
    </div>
  );
}

/**
 * The frame around every signed-in screen, with the signed-in user's editor store (and
 * journal): a new one when another user signs in.
 */
export function Shell() {
  const auth = useAuth();
  const subject = auth.user?.profile.sub ?? null;
  const issuer = auth.settings.authority;
  const store = useMemo(() => createAppEditorStore(subject ? { issuer, subject } : null), [issuer, subject]);
  return <EditorProvider store={store}><SignedInShell /></EditorProvider>;
}

function SignedInShell() {
  useBeforeUnloadWhileDirty();
  const me = useMe();
  const auth = useAuth();
  const navigate = useNavigate();
  const [profile, setProfile] = useState(false);
  const editor = useEditorStoreApi();
  const [loggingOut, setLoggingOut] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const signOut = () => void auth.signoutRedirect().catch(() => auth.removeUser().then(() => navigate('/login')));
  return (
    <>
      <ShellFrame role={me.data?.role ?? null} userName={me.data?.name ?? auth.user?.profile.email ?? 'Account'}
        onAccountAction={(k) => {
          if (k === 'profile') setProfile(true);
          if (k === 'status') void navigate('/status');
          if (k === 'logout') {
            if (unsavedCount(editor.getState()) > 0) setLoggingOut(true);
            else signOut();
          }
        }}>
        <RouteEditorBar />
        <Outlet />
      </ShellFrame>
      <ToastRegion />
      <LogoutDialog isOpen={loggingOut} unsaved={loggingOut ? unsavedCount(editor.getState()) : 0} busy={discarding}
        onCancel={() => setLoggingOut(false)}
        onKeep={() => { setLoggingOut(false); signOut(); }}
        onDiscard={() => {
          setDiscarding(true);
          void editor.actions.discardAll().finally(() => { setDiscarding(false); setLoggingOut(false); signOut(); });
        }} />
      <ConfirmDialog isOpen={profile} title="Profile" confirmLabel="Close" onConfirm={() => setProfile(false)} onCancel={() => setProfile(false)}
        message={me.data ? <dl><dt>Name</dt><dd>{me.data.name}</dd><dt>E-mail</dt><dd>{me.data.email}</dd><dt>Role</dt><dd>{me.data.role}</dd></dl> : 'Loading…'} />
    </>
  );
}

/** Unsaved changes of the signed-in user: documents with unsent edits plus restorable ones. */
function unsavedCount(st: EditorState): number {
  const dirty = Object.values(st.docs).filter((d) => d?.dirty).length;
  const restorable = Object.values(st.restorable).reduce((n: number, k) => n + (k ?? 0), 0);
  return dirty + restorable;
}
