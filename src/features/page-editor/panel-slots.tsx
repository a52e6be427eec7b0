/**
 * The page editor's side panels as panel slots (src/ui/panel-slots.tsx), for the template
 * editor's drawer (001 §2 "Template editor": its tabs reuse the page-editor panels where they
 * edit the same meta keys) without a slice importing another.
 *
 * Each entry is a `React.lazy` component: the panels (./panel-slot-bodies.tsx, each in the
 * funnel's MoneyProvider) load when a drawer tab first shows one, all in one chunk they share
 * with the page editor's screen. The app shell loads this module itself only on routes that
 * edit documents (src/app/Shell.tsx), so none of it weighs on the other routes' first load.
 */
import { lazy, type ReactNode } from 'react';
import { PANEL_SLOT_KEYS, PanelSlotsProvider, type PanelSlots } from '../../ui';

const bodies = () => import('./panel-slot-bodies');

/** The page editor's panels by slot key (000 §2 "Page editor side panels"), each code-split. */
export const pagePanelSlots: PanelSlots = Object.fromEntries(PANEL_SLOT_KEYS.map((k) => [k, lazy(() => bodies().then((m) => ({ default: m.slotBodies[k] })))]));

/**
 * `<PanelSlotsProvider value={pagePanelSlots}>`: what the app wraps its editing screens in
 * (also the default export, so the shell's `React.lazy` needs no wrapper).
 */
export function PagePanelSlots({ children }: { children?: ReactNode }) {
  return <PanelSlotsProvider value={pagePanelSlots}>{children}</PanelSlotsProvider>;
}
export default PagePanelSlots;
