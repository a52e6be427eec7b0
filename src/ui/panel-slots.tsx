/**
 * Panel slots: editor panels one slice builds and another shows, handed over through React
 * context so no slice imports another (README.md "Architecture"; lint forbids feature → feature).
 * The page editor registers its side panels (000 §2 "Page editor side panels"); the template
 * editor's drawer (001 §2 "Template editor": Extras, Shipping, Rewards, …) shows them by key.
 * The app provides the registry once, around the routed screens (src/app/Shell.tsx).
 */
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/** The panels a slot can hold, one per page-editor side panel the template editor reuses. */
export type PanelSlotKey = 'products' | 'warranty' | 'size' | 'addons' | 'extras' | 'reviews' | 'extraReviews' | 'lists' | 'shipping' | 'slider';

/** Every {@link PanelSlotKey}, in the page editor's order. */
export const PANEL_SLOT_KEYS: readonly PanelSlotKey[] = [
  'products',
  'warranty',
  'size',
  'addons',
  'extras',
  'reviews',
  'extraReviews',
  'lists',
  'shipping',
  'slider',
];

/** What every slotted panel is given. */
export interface PanelSlotProps {
  /** The page whose `page:<id>` document the panel edits (loaded in the editor store). */
  pageId: number;
  /** The page's funnel (its gallery offers images); undefined while unknown. */
  funnelId: number | undefined;
  /** The funnel's offer (offer_id) whose products can be added; null when it has none. */
  offerId: number | null;
  /** A locked funnel shows the panel read-only (000 §4, 001 §4). */
  locked: boolean;
  /** The funnel's currency and language, for money fields and prices (e.g. `{ currency: 'EUR', language: 'de' }`). */
  money: { currency: string; language: string };
}

/** A registry of panels by key; a key left out is a slot nobody filled. */
export type PanelSlots = Partial<Record<PanelSlotKey, ComponentType<PanelSlotProps>>>;

// Pure: a module that only imports the ui barrel does not keep this one.
const SlotsContext = /* @__PURE__ */ createContext<PanelSlots>({});

/** Makes the panels of `value` available to {@link usePanelSlot} below it. */
export function PanelSlotsProvider({ value, children }: { value: PanelSlots; children?: ReactNode }) {
  return <SlotsContext.Provider value={value}>{children}</SlotsContext.Provider>;
}

/** The panel registered for `key`, or null when no provider filled that slot (the caller shows why). */
export function usePanelSlot(key: PanelSlotKey): ComponentType<PanelSlotProps> | null {
  const slots = useContext(SlotsContext);
  return Object.hasOwn(slots, key) ? (slots[key] ?? null) : null;
}
