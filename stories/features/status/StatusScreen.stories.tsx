/**
 * /status, the operations page (001 §2 header menu "Status") as its users see it:
 * the API health line and one row per integration; an admin presses Test connection and reads
 * the result; an operator sees the same rows without buttons; an API that is down says so.
 */
import preview from '../../../.storybook/preview';

import { delay, http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import type { IntegrationStatus } from '../../../src/model';
import { DEMO_DNS_STATUS, demoStatusRow as row } from '../../../src/model/demo-records';
import { StatusScreen } from '../../../src/features/status/screens/StatusScreen';
import { IntegrationsTable } from '../../../src/features/status/components/IntegrationsTable';
import { storyUser } from '../../screens';

const LATER = '2026-11-28T06:31:05.000Z';
const ROWS: IntegrationStatus[] = [
  row('platform', 'Order platform', 'local'),
  DEMO_DNS_STATUS,
  row('storage', 'File storage', 'directory'),
  row('issuer', 'Sign-in issuer', 'embedded'),
  row('database', 'Database', 'pglite'),
  row('live', 'Live events', 'in-process', { configured: false, reachable: null, last_sync: null }),
];
/** What Test connection answers: the DNS provider now refuses (its message, never the token). */
const DNS_TESTED = { ...DEMO_DNS_STATUS, reachable: false, checked_at: LATER, last_error: 'Cloudflare is not answering (the connection failed) after 5 tries' };

/** The API as /status reads it, signed in as `role`; `down` answers 503 everywhere. */
function statusHandlers(o: { role?: 'admin' | 'operator'; down?: boolean } = {}) {
  const { role = 'admin', down = false } = o;
  const unavailable = () => HttpResponse.json({ message: 'Database unavailable' }, { status: 503 });
  return [
    http.get('/api/v1/me', () => HttpResponse.json({ ...storyUser, role, name: role === 'admin' ? storyUser.name : 'Otto Operator' })),
    http.get('/api/health', () => (down ? unavailable() : HttpResponse.json({ status: 'ok', db: 'pglite' }))),
    http.get('/api/v1/system/status', () => (down ? unavailable() : HttpResponse.json(ROWS))),
    http.post('/api/v1/system/status/:key/test', async ({ params }) => {
      if (role !== 'admin') return HttpResponse.json({ message: 'Your role (operator) may not test the connections of integrations' }, { status: 403 });
      await delay(150);
      return HttpResponse.json(params.key === 'dns' ? DNS_TESTED : { ...ROWS.find((r) => r.key === params.key), checked_at: LATER });
    }),
  ];
}

const meta = preview.meta({
  title: 'Status/StatusScreen',
  component: StatusScreen,
  subcomponents: { IntegrationsTable },
  parameters: { msw: { handlers: statusHandlers() } },
});

type Finder = { findByRole: (role: string, o: object, w?: object) => Promise<HTMLElement> };
const tableOf = (canvas: Finder) => canvas.findByRole('table', { name: 'Integrations' }, { timeout: 5000 });

/** An admin: the health line, six rows with their state, and Test connection on the DNS provider showing its progress and result. */
export const AdminTestsConnection = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    let table!: HTMLElement;
    await step('The health line and the six integrations', async () => {
      await expect(await canvas.findByText('ok', {}, { timeout: 5000 })).toBeVisible();
      table = await tableOf(canvas);
      await expect(table.querySelectorAll('tbody tr')).toHaveLength(6);
      const dns = within(table).getByRole('row', { name: /DNS provider/ });
      await expect(dns).toHaveTextContent('OK');
      await expect(dns).toHaveTextContent('1180 of 1200 left');
      await expect(dns).toHaveTextContent('Cloudflare is limiting our requests: paused for 30 s');
      await expect(within(table).getByRole('row', { name: /Live events/ })).toHaveTextContent('Not configured');
    });
    await step('Test connection on the DNS provider: progress, then the result and the row checked now', async () => {
      await userEvent.click(within(table).getByRole('button', { name: 'Test connection: DNS provider' }));
      await expect(await within(table).findByText('Testing…')).toBeVisible();
      const result = await canvas.findByText(/DNS provider: not reachable/, {}, { timeout: 5000 });
      await expect(result).toHaveTextContent('DNS provider: not reachable — Cloudflare is not answering (the connection failed) after 5 tries');
      const dns = within(table).getByRole('row', { name: /DNS provider/ });
      await expect(dns).toHaveTextContent('Not reachable');
      await expect(dns).toHaveTextContent('2026-11-28 06:31:05 UTC');
      await expect(within(table).getByRole('button', { name: 'Test connection: DNS provider' })).toBeEnabled();
    });
  },
});

/** An operator reads the same rows but has no Test connection buttons (admins only). */
export const OperatorReadsOnly = meta.story({
  parameters: { msw: { handlers: statusHandlers({ role: 'operator' }) } },
  play: async ({ canvas }) => {
    const table = await tableOf(canvas);
    await expect(table.querySelectorAll('tbody tr')).toHaveLength(6);
    await expect(within(table).getByRole('row', { name: /Database/ })).toHaveTextContent('OK');
    await expect(canvas.queryByRole('button', { name: /Test connection/ })).toBeNull();
    await expect(canvas.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  },
});

/** The API answers with an error: the screen says so, with the server's message, for the health line and the integrations. */
export const Down = meta.story({
  parameters: { msw: { handlers: statusHandlers({ down: true }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('The API is not answering: Database unavailable', {}, { timeout: 5000 })).toBeVisible();
    await expect(await canvas.findByText('The integrations could not be checked: Database unavailable', {}, { timeout: 5000 })).toBeVisible();
  },
});
