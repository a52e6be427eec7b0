/**
 * The header's account menu with react-aria (the menu button pattern: roles, arrow keys,
 * type-ahead, Escape, focus back on the button). The shell loads it on the first sign of
 * intent (pointer over, focus or press on its stand-in button), so a screen that is only
 * looked at does not load react-aria.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { styles } from '../ui';
import * as css from './shell.css';

/** What the header's account menu offers (001 §2 "Menus and frame": Profile, Status, Logout). */
export type AccountAction = 'profile' | 'status' | 'logout';

/** Where the focus goes when the menu opens: react-aria's strategies (null: the menu itself, as a mouse press does). */
export type MenuOpening = 'first' | 'last' | null;

/** Props of {@link AccountMenu}. */
export interface AccountMenuProps {
  userName: string;
  onAction: (action: AccountAction) => void;
  /** Focus the button on mount: its stand-in had the focus. */
  focus?: boolean;
  /** Open on mount, as react-aria would have for the press its stand-in received. */
  openWith?: MenuOpening;
}

const ITEMS: [AccountAction, string][] = [
  ['profile', 'Profile'],
  ['status', 'Status'],
  ['logout', 'Logout'],
];

/** The account menu button and its menu; see the module comment. */
export function AccountMenu({ userName, onAction, focus, openWith }: AccountMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  // The focus strategy of a press the stand-in took; react-aria's own presses set theirs.
  const [first, setFirst] = useState<MenuOpening | undefined>(undefined);
  // What the stand-in received, acted on once, on mount.
  const start = useRef({ focus, openWith });
  useEffect(() => {
    const s = start.current;
    // The button takes the focus before the menu opens, so closing the menu gives it back.
    if (s.focus || s.openWith !== undefined) trigger.current?.focus();
    if (s.openWith !== undefined) {
      setFirst(s.openWith);
      setOpen(true);
    }
  }, []);
  return (
    <MenuTrigger
      isOpen={isOpen}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setFirst(undefined);
      }}
    >
      {/* The accessible name starts with the visible text (WCAG 2.5.3 label in name). */}
      <Button ref={trigger} className={styles.button({ size: 'sm' })} aria-label={`${userName}: account menu`}>
        {userName}
        <span aria-hidden="true"> ▾</span>
      </Button>
      <Popover placement="bottom end">
        <Menu
          aria-label="Account"
          className={css.menu}
          {...(first === undefined ? {} : { autoFocus: first ?? true })}
          onAction={(k) => onAction(k as AccountAction)}
        >
          {ITEMS.map(([id, label]) => (
            <MenuItem key={id} id={id} className={css.menuItem}>
              {label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
