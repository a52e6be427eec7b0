/**
 * The template library's stories: a library with a template of every filter tab and one
 * stashed (archived), on top of the shared fixtures' templates (tests/fixtures/demo.ts), and
 * the API handlers the screen reads them through (msw; network mocks live only in stories).
 */
import { http, HttpResponse } from 'msw';
import type { Template } from '../../../src/model';
import * as fx from '../../../tests/fixtures/demo';
import { apiHandlers, type HandlerOptions } from '../../../.storybook/handlers';
import { storyUser } from '../../screens';

/** One template per filter tab (presell only under all), and 'Old checkout' stashed. */
export const libraryTemplates: Template[] = [
  ...fx.templates,
  {
    ID: 5,
    name: 'Interstitial quiz',
    page_type: 'interstitial',
    layout: 'presell',
    template_host_url: '/quiz/',
    meta: { headline: 'One question first' },
    archived: false,
    version: 1,
  },
  {
    ID: 6,
    name: 'Upsell two-step',
    page_type: 'upsell2',
    layout: 'upsell',
    template_host_url: '/upsell-2/',
    meta: { headline: '' },
    archived: false,
    version: 1,
  },
  {
    ID: 7,
    name: 'Warranty classic',
    page_type: 'warranty',
    layout: 'checkout',
    template_host_url: '/warranty-classic/',
    meta: { warranty: true },
    archived: false,
    version: 1,
  },
  {
    ID: 8,
    name: 'Old checkout',
    page_type: 'checkout',
    layout: 'checkout',
    template_host_url: '/old-checkout/',
    meta: { products: [] },
    archived: true,
    version: 3,
  },
];

/** The API as the library reads it, signed in as `role` (admin by default). */
export function libraryHandlers(o: HandlerOptions & { role?: 'admin' | 'operator' } = {}) {
  const { role = 'admin', ...opts } = o;
  return [
    http.get('/api/v1/me', () => HttpResponse.json({ ...storyUser, role, name: role === 'admin' ? storyUser.name : 'Otto Operator' })),
    ...apiHandlers({ templates: libraryTemplates, ...opts }),
  ];
}
