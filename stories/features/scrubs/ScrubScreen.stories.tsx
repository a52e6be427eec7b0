/**
 * /scrubs/{id} (001 §2 "Scrub detail", §3 Scrub, §5, §9) as an operator uses it: the
 * scrub with the way back to its funnel; Edit refused with each seed message first, then saved
 * as the API received it; Delete after the confirmation, landing on the funnel's Scrubs tab; a
 * locked funnel (no Edit or Delete, the reason said); an id that is no scrub; and a role the
 * policy keeps from scrubs (the API's refusal said).
 */
import preview from '../../../.storybook/preview';
import { http, HttpResponse } from 'msw';
import { expect, screen, within } from 'storybook/test';
import { can, forbiddenMessage, MSG, RMSG, type Scrub } from '../../../src/model';
import { ScrubScreen } from '../../../src/features/scrubs/screens/ScrubScreen';
import { funnel } from '../../../tests/fixtures/demo';
import { deleteAndLeaveStory, renderAt, routeStory, type Sent, storyUser, recordingStory } from '../../screens';
import { retype, saveAndClose, stepRules, stepValue } from '../../dialog-steps';
import { forbiddenStory } from '../../list-screen';

const scrub: Scrub = { ID: 7, funnel_id: funnel.ID, affiliate_id: '1001', affiliate_name: 'Acme Media', scrub_pct: 15, global: false };

/** The API of /scrubs/{id}: the scrub, its funnel, the writes (logged in `sent`). */
function scrubHandlers(o: { role?: 'admin' | 'operator' | 'sticky'; locked?: boolean; sent?: Sent[] } = {}) {
  const { role = 'operator', sent = [] } = o;
  let row: Scrub | null = { ...scrub };
  return [
    http.get('/api/v1/me', () => HttpResponse.json({ ...storyUser, role })),
    http.get('/api/v1/funnels/:id', () => HttpResponse.json({ ...funnel, locked: !!o.locked })),
    http.get('/api/v1/scrubs/:id', ({ params }) => {
      if (!can(role, 'scrubs.read')) return HttpResponse.json({ message: forbiddenMessage(role, 'scrubs.read') }, { status: 403 });
      return row && Number(params.id) === row.ID ? HttpResponse.json(row) : HttpResponse.json({ message: 'Scrub not found' }, { status: 404 });
    }),
    http.put('/api/v1/scrubs/:id', async ({ request }) => {
      const body = (await request.json()) as Omit<Scrub, 'ID' | 'funnel_id'>;
      sent.push({ method: 'PUT', path: new URL(request.url).pathname, body });
      row = { ...scrub, ...body };
      return HttpResponse.json(row);
    }),
    http.delete('/api/v1/scrubs/:id', ({ request }) => {
      sent.push({ method: 'DELETE', path: new URL(request.url).pathname, body: null });
      row = null;
      return HttpResponse.json({ message: 'Scrub deleted', ID: scrub.ID });
    }),
  ];
}

const meta = preview.meta({
  title: 'Scrubs/ScrubScreen',
  component: ScrubScreen,
  ...routeStory('/scrubs/:id', <ScrubScreen />, scrubHandlers(), '/scrubs/7'),
});

type Finder = { findByRole: (role: string, o: object, w?: object) => Promise<HTMLElement> };
const headingOf = (canvas: Finder) => canvas.findByRole('heading', { level: 1, name: 'Scrub for affiliate 1001' }, { timeout: 5000 });

/** The scrub in its table, with the funnel it belongs to. */
export const Filled = meta.story({
  play: async ({ canvas, step }) => {
    await step("The heading and the scrub's row", async () => {
      await expect(await headingOf(canvas)).toBeVisible();
      const row = within(canvas.getByRole('table', { name: 'Scrub' })).getAllByRole('row')[1];
      await expect(row).toHaveTextContent('1001');
      await expect(row).toHaveTextContent('Acme Media');
      await expect(row).toHaveTextContent('15%');
    });
    await step("The link to its funnel's scrubs", async () => {
      await expect(await canvas.findByRole('link', { name: `${funnel.name}: Scrubs` })).toHaveAttribute('href', `/funnels/${funnel.ID}/scrubs`);
    });
  },
});

/** Edit: 'Missing Affiliate ID', 'Input only numbers', 'Missing Scrub Percent', then saved. */
export const Edit = meta.story(
  recordingStory(
    (sent) => scrubHandlers({ sent }),
    async ({ canvas, userEvent, step }, sent) => {
      const dialog = await stepValue(step, 'Edit opens the form', async () => {
        await headingOf(canvas);
        await userEvent.click(await canvas.findByRole('button', { name: 'Edit' }));
        return screen.findByRole('dialog', { name: 'Edit scrub for affiliate 1001' });
      });
      const aff = within(dialog).getByLabelText('Affiliate ID');
      const pct = within(dialog).getByLabelText('Scrub percent');
      await stepRules(step, userEvent, dialog, [
        ["Clear the affiliate id: the seed's message", () => userEvent.clear(aff), [MSG.affiliateId]],
        ['An affiliate id with letters: only numbers', () => userEvent.type(aff, '12a'), [MSG.onlyNumbers]],
        [
          "No percent: the seed's message",
          async () => {
            await retype(userEvent, aff, '2002');
            await userEvent.clear(pct);
          },
          [RMSG.scrubPct],
        ],
      ]);
      await step('A percent and save', async () => {
        await userEvent.type(pct, '20');
        await saveAndClose(userEvent, dialog);
      });
      await step('The request and the new heading', async () => {
        await expect(sent).toEqual([
          { method: 'PUT', path: '/api/v1/scrubs/7', body: { affiliate_id: '2002', affiliate_name: 'Acme Media', scrub_pct: 20, global: false } },
        ]);
        await expect(await canvas.findByRole('heading', { level: 1, name: 'Scrub for affiliate 2002' }, { timeout: 5000 })).toBeVisible();
      });
    },
  ),
);

/** Delete asks first; then the funnel's Scrubs tab opens. */
export const Delete = meta.story(
  deleteAndLeaveStory(
    (sent) => scrubHandlers({ sent }),
    { button: 'Delete', dialog: 'Delete scrub', question: 'Are you sure you want to delete the scrub for affiliate 1001?' },
    { to: `/funnels/${funnel.ID}/scrubs`, path: '/api/v1/scrubs/7', ready: headingOf },
  ),
);

/** Its funnel is locked: Edit and Delete are off, and the reason is said. */
export const LockedFunnel = meta.story({
  parameters: { msw: { handlers: scrubHandlers({ locked: true }) } },
  play: async ({ canvas, step }) => {
    await step('The locked notice', async () => {
      await headingOf(canvas);
      await expect(await canvas.findByText('The funnel is locked: unlock it to edit or delete its scrubs.', {}, { timeout: 5000 })).toBeVisible();
    });
    await step('Edit and Delete are disabled', async () => {
      await expect(canvas.getByRole('button', { name: 'Edit' })).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Delete' })).toBeDisabled();
    });
  },
});

/** An id that is no scrub: said, with the way to the funnels. */
export const NotFound = meta.story({
  render: renderAt('/scrubs/:id', <ScrubScreen />, '/scrubs/999'),
  play: async ({ canvas, step }) => {
    await step('The not-found heading', async () => {
      await expect(await canvas.findByRole('heading', { level: 1, name: 'Scrub not found' }, { timeout: 5000 })).toBeVisible();
    });
    await step('A link back to Funnels', async () => {
      await expect(canvas.getByRole('link', { name: 'Funnels' })).toHaveAttribute('href', '/funnels');
    });
  },
});

/** A role the policy keeps from scrubs: the API's refusal, nothing to act on. */
export const ForbiddenRole = meta.story(
  forbiddenStory(scrubHandlers({ role: 'sticky' }), forbiddenMessage('sticky', 'scrubs.read'), { label: 'No Edit', buttons: ['Edit'] }),
);
