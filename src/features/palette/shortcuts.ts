/**
 * The keyboard shortcuts the shortcut sheet lists: the ones the code handles, where it handles
 * them (the palette's launcher, the editor's undo/redo and save, the template editor's frame,
 * the sortable lists), in words a person reads. A key is written for Windows/Linux; on a Mac
 * Ctrl is ⌘ (the handlers take either).
 */

/** One shortcut: its keys (alternatives as separate lists) and what it does. */
export interface Shortcut {
  keys: readonly (readonly string[])[];
  does: string;
}

/** A group of shortcuts by where they work. */
export interface ShortcutGroup {
  where: string;
  shortcuts: readonly Shortcut[];
}

/** Every shortcut, by where it works. */
export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    where: 'Anywhere',
    shortcuts: [
      { keys: [['Ctrl', 'K']], does: 'Open the command palette: go to a screen, funnel, offer, template, domain or page; run this screen’s actions' },
      { keys: [['?']], does: 'Show these shortcuts (outside a text field)' },
    ],
  },
  {
    where: 'In the command palette',
    shortcuts: [
      { keys: [['↑'], ['↓']], does: 'Move through the results' },
      { keys: [['Enter']], does: 'Open the result or run the action' },
      { keys: [['Esc']], does: 'Close it; the focus returns where it was' },
    ],
  },
  {
    where: 'While editing (funnel, page and template editors)',
    shortcuts: [
      { keys: [['Ctrl', 'Z']], does: 'Undo' },
      {
        keys: [
          ['Ctrl', 'Shift', 'Z'],
          ['Ctrl', 'Y'],
        ],
        does: 'Redo',
      },
      { keys: [['Ctrl', 'S']], does: 'Save' },
    ],
  },
  {
    where: 'In the template editor’s page',
    shortcuts: [
      { keys: [['Enter'], ['Space']], does: 'Edit the focused text' },
      { keys: [['Ctrl', 'A']], does: 'Select the focused text only' },
      { keys: [['Esc']], does: 'Clear the selection' },
    ],
  },
  {
    where: 'In sortable lists (dashboard cards, panel items)',
    shortcuts: [{ keys: [['Space'], ['Enter']], does: 'Pick up or drop the focused item; move it with the arrow keys, Esc cancels' }],
  },
];

/** True when the platform names the command key ⌘ (the sheet then writes ⌘ for Ctrl). */
export const isMac = (): boolean => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
