/**
 * The admin frame (001 §2 "Menus and frame"): side menu, header menu (Profile, Status,
 * Logout), footer with the API docs and Storybook links, notifications, and the leave warning while
 * anything is unsaved. The side menu is the role's (src/model/policy.ts `sideMenuFor`).
 */
import { lazy, Suspense, useCallback, useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { NavLink, Outlet, useMatches, useNavigate } from 'react-router-dom';
import { useMe } from '../api';
import { useSession } from '../api/auth-session';
import type { EditorState, EditorStore } from '../editor';
import { EditorRequestContext } from '../editor/context';
import { sideMenuFor, type RoleName } from '../model';
import { Box, styles, ToastRegion, Skeleton } from '../ui';
import type { AccountAction, MenuOpening } from './AccountMenu';
import { useEditorBar } from './editing/bar-load';
import { loadEditing, useEditing } from './editing/load';
import { editingOf, useRouteDocs } from './editing/route-docs';
import * as css from './shell.css';

export type { AccountAction } from './AccountMenu';

// The page editor's panels as panel slots, for editing screens that show them without importing
// that slice (the template editor's drawer); loaded with the editing routes only (bundle budget).
const loadPanelSlots = () => import('../features/page-editor/panel-slots');
const PagePanelSlots = lazy(loadPanelSlots);
// Dialogs and the account menu need react-aria: they load when wanted, not with the frame.
const ProfileDialog = lazy(() => import('./ProfileDialog').then((m) => ({ default: m.ProfileDialog })));
const LogoutDialog = lazy(() => import('../features/auth/components/LogoutDialog').then((m) => ({ default: m.LogoutDialog })));
// The Ctrl/Cmd+K and ? listener loads beside the screen, not in its way (bundle budget); the palette on the first press.
const PaletteLauncher = lazy(() => import('../features/palette/PaletteLauncher').then((m) => ({ default: m.PaletteLauncher })));

type AccountMenuModule = typeof import('./AccountMenu');
let accountMenu: AccountMenuModule | undefined;
let accountMenuLoading: Promise<AccountMenuModule> | undefined;
/** Loads the account menu once (again after a failed try). */
const loadAccountMenu = (): Promise<AccountMenuModule> => {
  accountMenuLoading ??= import('./AccountMenu').then(
    (m) => (accountMenu = m),
    (e: unknown) => {
      accountMenuLoading = undefined;
      throw e;
    },
  );
  return accountMenuLoading;
};

/** The keys that open react-aria's menu from its button, with where they put the focus. */
const OPENING_KEYS = new Map<string, MenuOpening>([
  ['Enter', 'first'],
  [' ', 'first'],
  ['ArrowDown', 'first'],
  ['ArrowUp', 'last'],
]);

/**
 * The account menu's button. Until react-aria's menu has loaded it is a plain button that
 * looks and is named the same (`aria-haspopup`, `aria-expanded` as react-aria sets them);
 * pointer over or focus loads the menu, and a press taken before it has loaded opens it
 * once it has, with the focus where react-aria puts it (Enter, Space, ArrowDown: the first
 * item; ArrowUp: the last; a mouse press: the menu).
 */
function AccountMenuButton({ userName, onAction }: { userName: string; onAction: (action: AccountAction) => void }) {
  const [mod, setMod] = useState(() => accountMenu);
  const [focused, setFocused] = useState(false);
  const [openWith, setOpenWith] = useState<MenuOpening | undefined>(undefined);
  const load = () => {
    if (!mod) loadAccountMenu().then(setMod, () => setOpenWith(undefined));
  };
  if (mod) return <mod.AccountMenu userName={userName} onAction={onAction} focus={focused} openWith={openWith} />;
  const press = (how: MenuOpening) => {
    setOpenWith(how);
    load();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const how = OPENING_KEYS.get(e.key);
    if (how === undefined) return;
    e.preventDefault();
    press(how);
  };
  return (
    <button
      type="button"
      className={styles.button({ size: 'sm' })}
      aria-label={`${userName}: account menu`}
      aria-haspopup="true"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={() => {
        setFocused(true);
        load();
      }}
      onBlur={() => setFocused(false)}
      onKeyDown={onKeyDown}
      // A mouse press counts at pointerdown, as react-aria's menu button opens: when the menu's
      // code arrives between the press and its click, the button is replaced and the click lost.
      onPointerDown={(e) => {
        if (e.pointerType !== 'touch' && e.button === 0) press(null);
      }}
      onClick={(e) => press(e.detail === 0 ? 'first' : null)}
    >
      {userName}
      <span aria-hidden="true"> ▾</span>
    </button>
  );
}

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
        <AccountMenuButton userName={userName} onAction={onAccountAction} />
      </header>
      <nav aria-label="Main" aria-busy={role === null} className={css.nav}>
        <Box as="ul" listStyle="none" margin="none" padding="none">
          {items.map(({ to, label }) => (
            <li key={to}>
              <NavLink to={to} end={to === '/'} className={css.navLink}>
                {label}
              </NavLink>
            </li>
          ))}
        </Box>
      </nav>
      <main className={css.main}>{children}</main>
      <footer className={css.footer}>
        <a href="/api/docs" target="_blank" rel="noreferrer">
          API docs
        </a>
        {' · '}
        <a href="/storybook/" target="_blank" rel="noreferrer">
          Storybook
        </a>
      </footer>
    </div>
  );
}

/**
 * The frame around every signed-in screen, with the signed-in user's editor store (and
 * journal): a new one when another user signs in. The store and the editor bar load with the
 * first route that edits documents (`handle.editing`), or when a screen asks for the store
 * (the template library's Edit and Stash, through `useEditorOnDemand`), and stay while the
 * shell does; until then nothing can be unsaved, and the journal's records are offered when
 * their document loads, as before.
 *
 * A route without `handle.editing` stays where it is in the tree when the store arrives (its
 * open dialog is not remounted): the leave warning joins it as a sibling, not as a wrapper.
 * The store is the user's one store (`appEditorStore`), whoever asked for it first.
 */
export function Shell() {
  const session = useSession();
  const subject = session.user?.profile.sub;
  const issuer = session.authority;
  const editingRoute = useMatches().some((m) => editingOf(m.handle));
  const edits = useRouteDocs().length > 0;
  // Once loaded (by this route or by a screen's request) the module re-renders the shell.
  const editing = useEditing(editingRoute);
  const bar = useEditorBar(edits);
  const store = editing?.appEditorStore(issuer, subject) ?? null;
  const request = useCallback(() => loadEditing().then((m) => m.appEditorStore(issuer, subject)), [issuer, subject]);
  // Fetched beside the editing part, not after it.
  useEffect(() => {
    if (edits)
      loadPanelSlots().catch(() => {
        /* PagePanelSlots reports it as it loads */
      });
  }, [edits]);
  const screen = !editingRoute ? (
    <Outlet />
  ) : store && editing && (bar || !edits) ? (
    <editing.EditingArea store={store}>
      <Suspense fallback={<Skeleton label="Loading…" variant="editor" />}>
        <PagePanelSlots>
          <Outlet />
        </PagePanelSlots>
      </Suspense>
    </editing.EditingArea>
  ) : edits ? (
    <Skeleton label="Loading…" variant="editor" />
  ) : (
    <Outlet />
  );
  return (
    <EditorRequestContext.Provider value={request}>
      <SignedInShell store={store}>
        {screen}
        {!editingRoute && store && editing ? <editing.StoreLeaveWarning store={store} /> : null}
      </SignedInShell>
    </EditorRequestContext.Provider>
  );
}

function SignedInShell({ store, children }: { store: EditorStore | null; children: ReactNode }) {
  const me = useMe();
  const session = useSession();
  const navigate = useNavigate();
  const [profile, setProfile] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const unsaved = () => (store ? unsavedCount(store.getState()) : 0);
  const signOut = () => void session.signoutRedirect().catch(() => session.removeUser().then(() => navigate('/login')));
  return (
    <>
      <ShellFrame
        role={me.data?.role ?? null}
        userName={me.data?.name ?? session.user?.profile.email ?? 'Account'}
        onAccountAction={(k) => {
          if (k === 'profile') setProfile(true);
          if (k === 'status') void navigate('/status');
          if (k === 'logout') {
            if (unsaved() > 0) setLoggingOut(true);
            else signOut();
          }
        }}
      >
        {children}
      </ShellFrame>
      <ToastRegion />
      <Suspense fallback={null}>
        <PaletteLauncher />
      </Suspense>
      <Suspense fallback={null}>
        {loggingOut && (
          <LogoutDialog
            isOpen
            unsaved={unsaved()}
            busy={discarding}
            onCancel={() => setLoggingOut(false)}
            onKeep={() => {
              setLoggingOut(false);
              signOut();
            }}
            onDiscard={() => {
              setDiscarding(true);
              void (store?.actions.discardAll() ?? Promise.resolve()).finally(() => {
                setDiscarding(false);
                setLoggingOut(false);
                signOut();
              });
            }}
          />
        )}
        {profile && <ProfileDialog me={me.data} onClose={() => setProfile(false)} />}
      </Suspense>
    </>
  );
}
/** Unsaved changes of the signed-in user: documents with unsent edits plus restorable ones. */
function unsavedCount(st: EditorState): number {
  const dirty = Object.values(st.docs).filter((d) => d?.dirty).length;
  const restorable = Object.values(st.restorable).reduce((n: number, k) => n + (k ?? 0), 0);
  return dirty + restorable;
}
