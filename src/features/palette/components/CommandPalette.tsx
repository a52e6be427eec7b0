/**
 * The command palette (Ctrl/Cmd+K): one search field over the screens the role may open, the
 * open screen's actions (src/ui/screen-actions.ts) and, from two characters on, the server's
 * hits (funnels, offers, templates, domains, pages; `GET /api/v1/search`, debounced). ↑/↓ move,
 * Enter opens or runs, Escape closes and the focus returns where it was.
 *
 * The WAI-ARIA combobox pattern over react-aria's Dialog (what the app's dialogs use): the focus
 * stays in the field, `aria-activedescendant` names the active option of the listbox. The list
 * is ours, not react-aria's ListBox/Autocomplete: those would join the react-aria chunk every
 * dialog screen loads (about 8 kB gzip), for a palette that loads on its own.
 */
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import type { RoleName } from '../../../model';
import type { SearchHit } from '../../../model/search';
import * as ui from '../../../ui/styles.css';
import type { ScreenAction } from '../../../ui/screen-actions';
import { useFocusOnOpen } from '../../../ui/useFocusOnOpen';
import { SEARCH_MIN_CHARS, useSearch } from '../api';
import { matches, screensFor } from '../screens';
import * as css from './palette.css';

/** Props of {@link CommandPalette}. */
export interface CommandPaletteProps {
  isOpen: boolean;
  /** Escape, a click outside, or an item chosen. */
  onClose: () => void;
  /** The signed-in role (null while unknown: no screens listed yet). */
  role: RoleName | null;
  /** The open screen's actions, listed first. */
  actions: readonly ScreenAction[];
  /** Opens the shortcut sheet instead (its item at the end of the list). */
  onShowShortcuts?: () => void;
}

/** One option: its words and what choosing it does. */
interface Item {
  key: string;
  label: string;
  description?: string;
  /** A route to open, or something to run once the palette has closed. */
  to?: string;
  run?: () => void;
}

/** The list's groups, in their order. */
interface Group {
  name: string;
  items: Item[];
}

/** See the module comment. */
export function CommandPalette({ isOpen, onClose, role, actions, onShowShortcuts }: CommandPaletteProps) {
  const navigate = useNavigate();
  const id = useId();
  const inputRef = useFocusOnOpen<HTMLInputElement>(isOpen);
  const [text, setText] = useState('');
  // Nothing is active until ↓: the hits arrive after the typing, and Enter must not open a stale first one.
  const [active, setActive] = useState(-1);
  const search = useSearch(text);
  const typed = text.trim().length >= SEARCH_MIN_CHARS;

  const groups: Group[] = [
    { name: 'This screen', items: actions.filter((a) => matches(text, a.label)).map((a) => ({ key: `action:${a.id}`, label: a.label, run: a.run })) },
    {
      name: 'Screens',
      items: (role ? screensFor(role) : [])
        .filter((s) => matches(text, s.label, s.keywords))
        .map((s) => ({ key: `screen:${s.to}`, label: s.label, description: 'Screen', to: s.to })),
    },
    { name: 'Found', items: search.hits.map((h: SearchHit) => ({ key: `hit:${h.kind}:${h.id}`, label: h.title, description: h.subtitle, to: h.href })) },
    {
      name: 'Help',
      items:
        onShowShortcuts && matches(text, 'Keyboard shortcuts', 'help keys')
          ? [{ key: 'help:shortcuts', label: 'Keyboard shortcuts', description: '?', run: onShowShortcuts }]
          : [],
    },
  ].filter((g) => g.items.length > 0);
  const items = groups.flatMap((g) => g.items);
  const optionId = (i: number) => `${id}-option-${i}`;
  const current = active >= 0 && active < items.length ? active : -1;

  // The active option stays in view as ↑/↓ move it.
  useEffect(() => {
    if (current >= 0) document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
  });

  const choose = (item: Item) => {
    onClose();
    if (item.to !== undefined) void navigate(item.to);
    // After the palette has closed and given the focus back: an action may open a dialog that takes it.
    else if (item.run) setTimeout(item.run, 0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!items.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive(current < 0 ? (step > 0 ? 0 : items.length - 1) : (current + step + items.length) % items.length);
    } else if (e.key === 'Enter') {
      const item = items[current];
      if (!item) return;
      e.preventDefault();
      choose(item);
    }
  };

  const status = !typed
    ? ''
    : search.error
      ? `Search failed: ${search.error}`
      : search.pending
        ? 'Searching…'
        : `${search.hits.length === 0 ? 'No' : search.hits.length} ${search.hits.length === 1 ? 'match' : 'matches'} for “${text.trim()}”`;

  let index = 0;
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={(o) => !o && onClose()} isDismissable className={`${ui.overlay} ${css.overlay}`}>
      <Modal className={`${ui.modal} ${css.modal}`}>
        <Dialog aria-label="Command palette" className={css.dialog}>
          <div className={css.search}>
            <input
              ref={inputRef}
              className={css.input}
              type="text"
              role="combobox"
              aria-label="Go to a screen, funnel, offer, template, domain or page"
              aria-expanded={items.length > 0}
              aria-controls={items.length > 0 ? `${id}-list` : undefined}
              aria-autocomplete="list"
              aria-activedescendant={current >= 0 ? optionId(current) : undefined}
              placeholder="Go to… (screens, funnels, offers, templates, domains, pages)"
              autoComplete="off"
              spellCheck={false}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setActive(-1);
              }}
              onKeyDown={onKeyDown}
            />
          </div>
          {/* A listbox only with options in it (an empty one is not a valid listbox). */}
          {items.length > 0 && (
            <div id={`${id}-list`} role="listbox" aria-label="Results" className={css.list}>
              {groups.map((g) => (
                <div key={g.name} role="group" aria-labelledby={`${id}-${g.name}`} className={css.section}>
                  <div id={`${id}-${g.name}`} role="presentation" className={css.header}>
                    {g.name}
                  </div>
                  {g.items.map((item) => {
                    const i = index++;
                    return (
                      <div
                        key={item.key}
                        id={optionId(i)}
                        role="option"
                        aria-selected={i === current}
                        data-focused={i === current || undefined}
                        className={css.item}
                        // The field keeps the focus (aria-activedescendant); a click chooses.
                        tabIndex={-1}
                        onMouseDown={(e) => e.preventDefault()}
                        onClick={() => choose(item)}
                        onKeyDown={(e) => e.key === 'Enter' && choose(item)}
                        onMouseMove={() => i !== current && setActive(i)}
                      >
                        <span className={css.title}>{item.label}</span>
                        {item.description && <span className={css.subtitle}>{item.description}</span>}
                      </div>
                    );
                  })}
                </div>
              ))}
            </div>
          )}
          {items.length === 0 && <p className={css.empty}>{typed && search.pending ? 'Searching…' : `Nothing matches “${text.trim()}”`}</p>}
          <div className={css.footer}>
            <span role="status" aria-live="polite">
              {status}
            </span>
            <span aria-hidden="true" className={css.hint}>
              ↑↓ move · Enter open · Esc close
            </span>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
