/**
 * The funnel list's details drawer (001 §2 "Funnel list: actions (… details drawer …)"), opened
 * from a Details button as the list opens it: the funnel's state and the Details summary with
 * its root page read from `GET /api/v1/funnels/{id}/pages` (msw), the links to its details and
 * pages; Escape and Close dismiss it and focus returns to the Details button; a locked funnel
 * says so; a root page that cannot be read is named by its id.
 */
import preview from '../../../.storybook/preview';

import { useState } from 'react';
import { http, HttpResponse } from 'msw';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { FunnelDetailsDrawer, type FunnelDetailsDrawerProps } from '../../../src/features/funnels/components/FunnelDetailsDrawer';
import { funnelView } from '../../../src/model';
import { funnelRow, pages } from '../../../tests/fixtures/demo';

/** Opens the drawer from a Details button, as the funnel list does, and closes it when asked. */
function Harness({ funnel, onClose }: FunnelDetailsDrawerProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Details
      </button>
      {open && (
        <FunnelDetailsDrawer
          funnel={funnel}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

// The pages as the server answers them (the drawer reads their paths only).
const pagesHandler = http.get('/api/v1/funnels/:id/pages', () => HttpResponse.json(pages));

const meta = preview.meta({
  title: 'Funnels/FunnelDetailsDrawer',
  component: FunnelDetailsDrawer,
  args: { funnel: funnelView(funnelRow), onClose: fn() },
  render: (args) => <Harness {...args} />,
  parameters: { msw: { handlers: [pagesHandler] } },
});

/** The drawer's label → value pairs of one description list. */
const pairs = (dl: HTMLElement) =>
  Object.fromEntries([...dl.querySelectorAll('div')].map((d) => [d.querySelector('dt')?.textContent, d.querySelector('dd')?.textContent]));

/** Opens the drawer with the Details button. */
async function open(user: { click: (e: Element) => Promise<void> }, canvas: { getByRole: (r: string, o: object) => HTMLElement }) {
  await user.click(canvas.getByRole('button', { name: 'Details' }));
  return screen.findByRole('dialog', { name: new RegExp(`${funnelRow.name}$`) });
}

/** Filled: the funnel's state, the summary with the root page read from the API, the ways to its details and pages. */
export const Filled = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    let d!: ReturnType<typeof within>;
    await step('Open the details', async () => {
      const dialog = await open(userEvent, canvas);
      d = within(dialog);
    });
    await step("The funnel's state is shown", async () => {
      await expect(pairs(d.getByLabelText('Funnel state'))).toEqual({
        ID: String(funnelRow.ID),
        Status: 'progress',
        Locked: 'No',
        Platform: 'sticky',
        Domain: 'glowskin-offer.com',
      });
    });
    await step('The summary names the root page read from the API', async () => {
      const summary = d.getByLabelText('Details summary');
      await waitFor(() => expect(pairs(summary)['Root page']).toBe('/checkout/'));
      await expect(pairs(summary)).toMatchObject({ 'Everflow ID': '512', Offer: 'GlowSkin Serum (10234)', 'Captcha secret key': '••••cret' });
    });
    await step('Links lead to its details and pages', async () => {
      await expect(d.getByRole('link', { name: 'Edit details' })).toHaveAttribute('href', `/funnels/${funnelRow.ID}/details`);
      await expect(d.getByRole('link', { name: 'Open pages' })).toHaveAttribute('href', `/funnels/${funnelRow.ID}/pages`);
    });
  },
});

/** Escape closes it (onClose called once) and the focus is back on the Details button. */
export const EscapeCloses = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const details = canvas.getByRole('button', { name: 'Details' });
    await step('Open the details: the focus moves into the drawer', async () => {
      await open(userEvent, canvas);
      await waitFor(() => expect(screen.getByRole('dialog', { name: funnelRow.name }).contains(document.activeElement)).toBe(true));
    });
    await step('Escape closes it, focus back on Details', async () => {
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await expect(args.onClose).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(details).toHaveFocus());
    });
  },
});

/** Close (a keyboard press on it) closes it too, focus back on Details. */
export const CloseButton = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const details = canvas.getByRole('button', { name: 'Details' });
    let dialog!: HTMLElement;
    await step('Open the details', async () => {
      dialog = await open(userEvent, canvas);
    });
    await step('Enter on Close closes it, focus back on Details', async () => {
      within(dialog).getByRole('button', { name: 'Close' }).focus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await expect(args.onClose).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(details).toHaveFocus());
    });
  },
});

/** A locked funnel: the state says edits are off until it is unlocked. */
export const Locked = meta.story({
  args: { funnel: funnelView({ ...funnelRow, locked: true, domain: null }) },
  play: async ({ canvas, userEvent, step }) => {
    let dialog!: HTMLElement;
    await step('Open the details: the title says locked', async () => {
      dialog = await open(userEvent, canvas);
      await expect(within(dialog).getByRole('heading', { level: 2 })).toHaveAccessibleName(new RegExp(`^Locked\\s*${funnelRow.name}$`));
    });
    await step('The state says edits are off until it is unlocked', async () => {
      const state = pairs(within(dialog).getByLabelText('Funnel state'));
      await expect(state.Locked).toBe('Yes: edits are off until it is unlocked');
      await expect(state.Domain).toBe('—');
    });
  },
});

/** The pages cannot be read: the root page is named by its id instead of its path. */
export const PagesUnreadable = meta.story({
  parameters: { msw: { handlers: [http.get('/api/v1/funnels/:id/pages', () => HttpResponse.json({ message: 'Database unavailable' }, { status: 503 }))] } },
  play: async ({ canvas, userEvent, step }) => {
    let dialog!: HTMLElement;
    await step('Open the details', async () => {
      dialog = await open(userEvent, canvas);
    });
    await step('The root page is named by its id', async () => {
      await waitFor(() => expect(pairs(within(dialog).getByLabelText('Details summary'))['Root page']).toBe(`Page ${funnelRow.page_id}`), { timeout: 8000 });
    });
  },
});
