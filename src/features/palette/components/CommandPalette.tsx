/**
 * The command palette (Ctrl/Cmd+K): one search field over the screens the role may open, the
 * open screen's actions (src/ui/screen-actions.ts) and, from two characters on, the server's
 * hits (funnels, offers, templates, domains, pages; `GET /api/v1/search`, debounced). ↑/↓ move,
 * Enter opens or runs, Escape closes and the focus returns where it was.
 *
 * react-aria's Autocomplete over a ListBox: the focus stays in the field while the list's
 * active option moves (`aria-activedescendant`), as a combobox does.
 */
import { useState } from 'react';
import { Autocomplete, Dialog, Header, Input, ListBox, ListBoxItem, ListBoxSection, Modal, ModalOverlay, SearchField, Text, type Key } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import type { RoleName } from '../../../model';
import type { SearchHit } from '../../../model/search';
import * as ui from '../../../ui/styles.css';
import type { ScreenAction } from '../../../ui/screen-actions';
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

/** How a hit's kind is read out beside its name. */
const KIND_LABEL: Record<SearchHit['kind'], string> = { funnel: 'Funnel', offer: 'Offer', template: 'Template', domain: 'Domain', page: 'Page' };

/** See the module comment. */
export function CommandPalette({ isOpen, onClose, role, actions, onShowShortcuts }: CommandPaletteProps) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const search = useSearch(text);
  const screens = role ? screensFor(role).filter((s) => matches(text, s.label, s.keywords)) : [];
  const shownActions = actions.filter((a) => matches(text, a.label));
  const showShortcuts = !!onShowShortcuts && matches(text, 'Keyboard shortcuts', 'help keys');
  const typed = text.trim().length >= SEARCH_MIN_CHARS;

  // What each item does, by its id: hits of one screen (every domain opens /domains) stay apart.
  const hitHref = new Map(search.hits.map((h) => [`hit:${h.kind}:${h.id}`, h.href]));
  const choose = (key: Key) => {
    const id = String(key);
    onClose();
    const to = id.startsWith('go:') ? id.slice(3) : hitHref.get(id);
    if (to !== undefined) void navigate(to);
    // After the palette has closed and given the focus back: an action may open a dialog that takes it.
    else if (id.startsWith('action:')) setTimeout(() => actions.find((a) => `action:${a.id}` === id)?.run(), 0);
    else if (id === 'help:shortcuts') setTimeout(() => onShowShortcuts?.(), 0);
  };

  const status = !typed
    ? ''
    : search.error
      ? `Search failed: ${search.error}`
      : search.pending
        ? 'Searching…'
        : `${search.hits.length === 0 ? 'No' : search.hits.length} ${search.hits.length === 1 ? 'match' : 'matches'} for “${text.trim()}”`;

  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={(o) => !o && onClose()} isDismissable className={`${ui.overlay} ${css.overlay}`}>
      <Modal className={`${ui.modal} ${css.modal}`}>
        <Dialog aria-label="Command palette" className={css.dialog}>
          <Autocomplete inputValue={text} onInputChange={setText}>
            <SearchField aria-label="Go to a screen, funnel, offer, template, domain or page" className={css.search}>
              <Input className={css.input} placeholder="Go to… (screens, funnels, offers, templates, domains, pages)" />
            </SearchField>
            <ListBox
              aria-label="Results"
              className={css.list}
              onAction={choose}
              renderEmptyState={() => <p className={css.empty}>{typed && search.pending ? 'Searching…' : `Nothing matches “${text.trim()}”`}</p>}
            >
              {shownActions.length > 0 && (
                <ListBoxSection className={css.section}>
                  <Header className={css.header}>This screen</Header>
                  {shownActions.map((a) => (
                    <ListBoxItem key={a.id} id={`action:${a.id}`} textValue={a.label} className={css.item}>
                      <Text slot="label" className={css.title}>
                        {a.label}
                      </Text>
                    </ListBoxItem>
                  ))}
                </ListBoxSection>
              )}
              {screens.length > 0 && (
                <ListBoxSection className={css.section}>
                  <Header className={css.header}>Screens</Header>
                  {screens.map((s) => (
                    <ListBoxItem key={s.to} id={`go:${s.to}`} textValue={s.label} className={css.item}>
                      <Text slot="label" className={css.title}>
                        {s.label}
                      </Text>
                      <Text slot="description" className={css.subtitle}>
                        Screen
                      </Text>
                    </ListBoxItem>
                  ))}
                </ListBoxSection>
              )}
              {search.hits.length > 0 && (
                <ListBoxSection className={css.section}>
                  <Header className={css.header}>Found</Header>
                  {search.hits.map((h) => (
                    <ListBoxItem key={`${h.kind}:${h.id}`} id={`hit:${h.kind}:${h.id}`} textValue={`${h.title} (${KIND_LABEL[h.kind]})`} className={css.item}>
                      <Text slot="label" className={css.title}>
                        {h.title}
                      </Text>
                      <Text slot="description" className={css.subtitle}>
                        {h.subtitle}
                      </Text>
                    </ListBoxItem>
                  ))}
                </ListBoxSection>
              )}
              {showShortcuts && (
                <ListBoxSection className={css.section}>
                  <Header className={css.header}>Help</Header>
                  <ListBoxItem id="help:shortcuts" textValue="Keyboard shortcuts" className={css.item}>
                    <Text slot="label" className={css.title}>
                      Keyboard shortcuts
                    </Text>
                    <Text slot="description" className={css.subtitle}>
                      ?
                    </Text>
                  </ListBoxItem>
                </ListBoxSection>
              )}
            </ListBox>
          </Autocomplete>
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
