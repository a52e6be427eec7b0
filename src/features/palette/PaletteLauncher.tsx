/**
 * Opens the command palette on Ctrl/Cmd+K (anywhere in the signed-in shell) and the shortcut
 * sheet on `?` (outside a text field). Only this listener ships with the shell: the palette
 * itself (react-aria, the search) is loaded on the first press, so no route's first-visit
 * JavaScript grows by it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { PaletteView } from './Palettes';

const Palettes = lazy(() => import('./Palettes').then((m) => ({ default: m.Palettes })));

/** True for a place where `?` is text: inputs, text areas, selects, editable content. */
const typing = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

/** See the module comment. Renders nothing until a shortcut is pressed. */
export function PaletteLauncher() {
  const [view, setView] = useState<PaletteView | null>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || e.altKey) return;
      const mod = e.ctrlKey || e.metaKey;
      if (mod && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setView('palette');
      } else if (!mod && e.key === '?' && !typing(e.target)) {
        e.preventDefault();
        setView((v) => v ?? 'shortcuts');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return view ? (
    <Suspense fallback={null}>
      <Palettes view={view} onClose={() => setView(null)} onView={setView} />
    </Suspense>
  ) : null;
}
