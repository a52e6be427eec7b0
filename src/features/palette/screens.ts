/**
 * The screens the command palette opens by name (001 §2 routes without an ID), each shown
 * only to a role that may open it — the same policy check as the side menu
 * (src/model/policy.ts `canOpenScreen`).
 */
import { canOpenScreen, type RoleName, type ScreenPattern } from '../../model';

/** One screen of the palette: its name, the words it is also found by, and where it goes. */
export interface ScreenEntry {
  label: string;
  /** Other words it is found by (e.g. "wizard" for the wizards). */
  keywords?: string;
  to: string;
  screen: ScreenPattern;
}

/** Every screen the palette can open, in the side menu's order, then the rest. */
export const SCREEN_ENTRIES: readonly ScreenEntry[] = [
  { label: 'Dashboard', keywords: 'home', to: '/', screen: '' },
  { label: 'Funnels', to: '/funnels', screen: 'funnels' },
  { label: 'Domains', keywords: 'dns', to: '/domains', screen: 'domains' },
  { label: 'Templates', keywords: 'library', to: '/templates', screen: 'templates' },
  { label: 'Categories', to: '/categories', screen: 'categories' },
  { label: 'Offers', to: '/offers', screen: 'offers' },
  { label: 'Products', to: '/products', screen: 'products' },
  { label: 'Orders', to: '/orders', screen: 'orders' },
  { label: 'Shipping', keywords: 'shipping methods', to: '/shipping', screen: 'shipping' },
  { label: 'Status', keywords: 'health', to: '/status', screen: 'status' },
  { label: 'Users', keywords: 'roles', to: '/users', screen: 'users' },
  { label: 'Sticky', keywords: 'csv uploads', to: '/sticky', screen: 'sticky' },
  { label: 'Build a funnel', keywords: 'wizard new funnel', to: '/funnels/build', screen: 'funnels/build' },
  { label: 'Quick funnel', keywords: 'wizard new funnel', to: '/funnels/quick', screen: 'funnels/quick/:id?' },
  { label: 'Deleted funnels', keywords: 'trash logs', to: '/funnels/deleted', screen: 'funnels/deleted' },
];

/** The entries `role` may open. The sticky account's home is Sticky, not the dashboard (001 §2). */
export function screensFor(role: RoleName): ScreenEntry[] {
  return SCREEN_ENTRIES.filter((e) => canOpenScreen(role, e.screen));
}

/** True when `text` (any case, outer spaces ignored) is in `label` or `keywords`; an empty text matches everything. */
export function matches(text: string, label: string, keywords = ''): boolean {
  const t = text.trim().toLowerCase();
  return !t || label.toLowerCase().includes(t) || keywords.toLowerCase().includes(t);
}
