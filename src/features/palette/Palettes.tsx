/**
 * What the launcher loads on the first Ctrl/Cmd+K or `?` (react-aria's dialog and list, the
 * search): the palette or the shortcut sheet, whichever is open, with the role and the open
 * screen's actions.
 */
import { useRole } from '../../api';
import { useRegisteredScreenActions } from '../../ui/screen-actions';
import { CommandPalette } from './components/CommandPalette';
import { ShortcutSheet } from './components/ShortcutSheet';
import { isMac } from './shortcuts';

/** Which of the two is open. */
export type PaletteView = 'palette' | 'shortcuts';

/** Props of {@link Palettes}. */
export interface PalettesProps {
  view: PaletteView;
  onClose: () => void;
  /** Switches to the other view (the palette's "Keyboard shortcuts"). */
  onView: (view: PaletteView) => void;
}

/** See the module comment. */
export function Palettes({ view, onClose, onView }: PalettesProps) {
  const role = useRole();
  const actions = useRegisteredScreenActions();
  return view === 'palette' ? (
    <CommandPalette isOpen onClose={onClose} role={role} actions={actions} onShowShortcuts={() => onView('shortcuts')} />
  ) : (
    <ShortcutSheet isOpen onClose={onClose} mac={isMac()} />
  );
}
