/**
 * Deleted funnels ("the record can be erased"): what Delete leaves for an admin —
 * each deleted funnel with who deleted it, and its whole log, read only; the empty state; and
 * the connected screen reading both through the API (msw), the open log named in the address.
 */
import preview from '../../../.storybook/preview';

import { http, HttpResponse } from 'msw';
import { expect, fn, within } from 'storybook/test';
import { DeletedFunnels } from '../../../src/features/funnels/components/DeletedFunnels';
import { DeletedFunnelsScreen } from '../../../src/features/funnels/screens/DeletedFunnelsScreen';
import type { AuditLog } from '../../../src/model';
import type { DeletedFunnelSummary } from '../../../src/model/deleted-funnels';
import { renderAt, screenHandlers } from '../../screens';
import { auditEntry } from './audit-entry';

const FUNNELS: DeletedFunnelSummary[] = [
  { ID: 7, name: 'Winter Launch', user_id: 2, user_name: 'Oscar Operator', CreatedAt: '2026-11-20T16:30:00.000Z', pages: 5 },
  { ID: 4, name: 'Old Presell Test', user_id: null, user_name: 'Tess Temporary', CreatedAt: '2026-11-02T08:10:00.000Z', pages: 2 },
];
const entry = (e: Partial<AuditLog> & Pick<AuditLog, 'ID' | 'title'>): AuditLog =>
  auditEntry({ funnel_id: 7, CreatedAt: '2026-11-20T16:30:00.000Z', user: { name: 'Oscar Operator' }, user_id: 2, ...e });
const LOG: AuditLog[] = [
  entry({ ID: 40, title: 'Funnel deleted', message: 'Deleted funnel Winter Launch with 5 pages' }),
  entry({
    ID: 31,
    CreatedAt: '2026-11-18T10:00:00.000Z',
    type: 'diff',
    title: 'Set product price',
    doc: 'page:21',
    ops: [{ op: 'replace', path: '/meta/products/0/_price', value: 39 }],
    system: true,
    user: { name: 'Tess Temporary' },
    user_id: null,
  }),
  entry({ ID: 30, CreatedAt: '2026-11-17T09:00:00.000Z', type: 'diff', title: 'Funnel created', doc: 'funnel:7', user: { name: '' }, user_id: null }),
];

const meta = preview.meta({
  title: 'Funnels/DeletedFunnels',
  component: DeletedFunnels,
  subcomponents: { DeletedFunnelsScreen },
  args: { funnels: FUNNELS, selected: null, onSelect: fn(), entries: null },
});

/** The list: each deleted funnel with its pages, who deleted it and when; Show log asks for its log. */
export const List = meta.story({
  play: async ({ canvasElement, userEvent, args, step }) => {
    await step('Every deleted funnel is listed with who deleted it', async () => {
      const table = within(canvasElement).getByRole('table', { name: 'Deleted funnels' });
      await expect(within(table).getAllByRole('row')).toHaveLength(3);
      const row = within(table).getByRole('row', { name: /Winter Launch/ });
      await expect(row).toHaveTextContent('Oscar Operator');
      await expect(row).toHaveTextContent('5');
    });
    await step('Show log selects the funnel', async () => {
      await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show log of Old Presell Test' }));
      await expect(args.onSelect).toHaveBeenCalledWith(4);
    });
  },
});

/** A log open: every entry read only, the deletion on top, authors kept or "A removed account". */
export const LogOpen = meta.story({
  args: { selected: 7, entries: LOG },
  play: async ({ canvasElement, userEvent, args, step }) => {
    const log = within(canvasElement).getByRole('region', { name: 'Log of Winter Launch' });
    await step('The log lists its entries, newest first, with no delete or revert', async () => {
      const items = within(log).getAllByRole('listitem');
      await expect(items).toHaveLength(3);
      await expect(items[0]).toHaveTextContent('Funnel deleted');
      await expect(items[0]).toHaveTextContent('Deleted funnel Winter Launch with 5 pages');
      await expect(items[1]).toHaveTextContent('Tess Temporary');
      await expect(items[2]).toHaveTextContent('A removed account');
      await expect(within(log).queryByRole('button', { name: /Delete|Revert/ })).toBeNull();
    });
    await step('Hide log closes it', async () => {
      await userEvent.click(within(canvasElement).getByRole('button', { name: 'Hide log of Winter Launch' }));
      await expect(args.onSelect).toHaveBeenCalledWith(null);
    });
  },
});

/** Nothing deleted yet. */
export const Empty = meta.story({
  args: { funnels: [] },
  play: async ({ canvasElement, step }) => {
    await step('The empty list says so', async () => {
      await expect(within(canvasElement).getByText('No funnel has been deleted.')).toBeVisible();
    });
  },
});

/** The connected screen: the list and, on Show log, the log read from the API; the open log is in the address. */
export const Screen = meta.story({
  render: renderAt('/funnels/deleted', <DeletedFunnelsScreen />),
  parameters: {
    msw: {
      handlers: [
        http.get('/api/v1/deleted_funnels', () => HttpResponse.json(FUNNELS)),
        http.get('/api/v1/deleted_funnels/:id/audit_log', ({ params }) => HttpResponse.json(Number(params.id) === 7 ? LOG : [])),
        ...screenHandlers(),
      ],
    },
  },
  play: async ({ canvas, userEvent, step }) => {
    await step('The list is read', async () => {
      await canvas.findByRole('table', { name: 'Deleted funnels' }, { timeout: 5000 });
    });
    await step("Show log reads and shows that funnel's log", async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Show log of Winter Launch' }));
      const log = await canvas.findByRole('region', { name: 'Log of Winter Launch' });
      await expect(await within(log).findByText('Funnel deleted')).toBeVisible();
      await expect(within(log).getAllByRole('listitem')).toHaveLength(3);
    });
    await step("Another funnel's empty log says so", async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Show log of Old Presell Test' }));
      await expect(await canvas.findByText("This funnel's log is empty.")).toBeVisible();
    });
  },
});
