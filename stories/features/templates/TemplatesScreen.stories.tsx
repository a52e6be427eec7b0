/**
 * /templates, the template library (001 §2 "Templates"; §4 stashed; §9 preview host), as the
 * operator opens it: each filter tab, empty tabs, the stashed tab, Sync templates with its
 * progress and its error, a role that may not sync, and the hover preview.
 */
import preview from '../../../.storybook/preview';
import type { StoryContext } from '@storybook/react-vite';
import { useLocation } from 'react-router-dom';
import { expect, screen, waitFor, within } from 'storybook/test';
import { TemplatesScreen } from '../../../src/features/templates/screens/TemplatesScreen';
import { STORY_PREVIEW_HOST, SYNC_FAILED } from '../../../.storybook/handlers';
import { renderAt } from '../../screens';
import { libraryHandlers, libraryTemplates, manyTemplates } from './fixtures';
import { FILTER_TABS, playHoverPreview } from './library-steps';
import { listScreen } from '../../list-screen';

/** Shows the address the screen is at (the filter tab lives in `?type=`). */
function Where() {
  const loc = useLocation();
  return (
    <p role="note" aria-label="Address">
      {loc.pathname}
      {loc.search}
    </p>
  );
}

const at = (url: string) =>
  renderAt(
    '/templates',
    <>
      <TemplatesScreen />
      <Where />
    </>,
    url,
  );

const templatesList = listScreen({ path: '/templates', noun: 'template', table: 'Templates' }, TemplatesScreen);

const meta = preview.meta({
  title: 'Templates/TemplatesScreen',
  component: TemplatesScreen,
  render: at('/templates'),
  parameters: { msw: { handlers: libraryHandlers() } },
});

type Finder = { findByRole: (role: string, o: object, w?: object) => Promise<HTMLElement> };
/** The table once the list and the signed-in role (which decides the Actions column) have loaded. */
const tableOf = async (canvas: Finder, name = 'Templates') => {
  await canvas.findByRole('button', { name: 'Add template' }, { timeout: 5000 });
  return canvas.findByRole('table', { name }, { timeout: 5000 });
};
/** The names in a table's rows, in order. */
const namesIn = (table: HTMLElement) => [...table.querySelectorAll('[data-template-id]')].map((e) => e.textContent);

/** all: every active template of every page type with its page type, layout and preview address (host + stored path); none stashed. */
export const All = meta.story({
  play: async ({ canvas, step }) => {
    const table = await tableOf(canvas);
    await step('The active templates are listed; stashed ones are not', async () => {
      await expect(namesIn(table)).toEqual(libraryTemplates.filter((t) => !t.archived).map((t) => t.name));
      const row = within(table).getByRole('row', { name: /Checkout classic/ });
      await expect(row).toHaveTextContent('checkout');
      await expect(within(row).getByRole('link', { name: `Open ${STORY_PREVIEW_HOST}/checkout/` })).toHaveAttribute('href', `${STORY_PREVIEW_HOST}/checkout/`);
      await expect(within(table).queryByText('Old checkout')).toBeNull();
    });
    await step('The all tab is selected, every tab listed', async () => {
      await expect(canvas.getByRole('tab', { name: 'all' })).toHaveAttribute('aria-selected', 'true');
      await expect(canvas.getAllByRole('tab').map((t) => t.textContent)).toEqual(FILTER_TABS);
    });
  },
});

/** A story opened at `?type=<filter>`: exactly `names` are listed. */
const filterStory = (filter: string, names: string[]) => ({
  render: at(`/templates?type=${filter}`),
  play: async ({ canvas, step }: StoryContext) => {
    await step("The tab's templates are listed, the tab selected", async () => {
      const table = await tableOf(canvas, `Templates: ${filter}`);
      await expect(namesIn(table)).toEqual(names);
      await expect(canvas.getByRole('tab', { name: filter })).toHaveAttribute('aria-selected', 'true');
    });
  },
});

/** interstitial: the active interstitial templates. */
export const Interstitial = meta.story(filterStory('interstitial', ['Interstitial quiz']));
/** checkout: active checkout templates only ('Old checkout' is stashed). */
export const Checkout = meta.story(filterStory('checkout', ['Checkout classic']));
/** upsell1. */
export const Upsell1 = meta.story(filterStory('upsell1', ['Upsell one-click']));
/** upsell2. */
export const Upsell2 = meta.story(filterStory('upsell2', ['Upsell two-step']));
/** thankyou. */
export const Thankyou = meta.story(filterStory('thankyou', ['Thank you']));
/** warranty. */
export const Warranty = meta.story(filterStory('warranty', ['Warranty classic']));

/** stashed: the archived templates, each with Restore; restoring one returns it to its tab, and the empty tab says so. */
export const Stashed = meta.story({
  render: at('/templates?type=stashed'),
  play: async ({ canvas, userEvent, step }) => {
    const table = await tableOf(canvas, 'Templates: stashed');
    await step('Stashed lists the archived', async () => {
      await expect(namesIn(table)).toEqual(['Old checkout']);
    });
    await step('Restore one: it leaves stashed', async () => {
      await userEvent.click(within(table).getByRole('button', { name: 'Restore Old checkout' }));
      await expect(await screen.findByText('Template Old checkout restored', {}, { timeout: 5000 })).toBeVisible();
      await expect(await canvas.findByText(/^No stashed templates\./, {}, { timeout: 5000 })).toBeVisible();
    });
    await step("It is back in its type's tab", async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'checkout' }));
      await expect(namesIn(await tableOf(canvas, 'Templates: checkout'))).toEqual(['Checkout classic', 'Old checkout']);
    });
  },
});

/** Tabs write the filter into the address (shareable; Back returns to the previous tab). */
export const FilterInAddress = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    await tableOf(canvas);
    await step('A tab sets the address', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'upsell1' }));
      // The router's navigation renders in a transition: the address follows the click, not with it.
      await waitFor(() => expect(canvas.getByRole('note', { name: 'Address' })).toHaveTextContent('/templates?type=upsell1'));
      // The tab's own page, read from the server (the previous tab's rows stay dimmed until it comes).
      const table = await tableOf(canvas, 'Templates: upsell1');
      await waitFor(() => expect(namesIn(table)).toEqual(['Upsell one-click']));
    });
    await step('All clears it', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'all' }));
      await waitFor(() => expect(canvas.getByRole('note', { name: 'Address' })).toHaveTextContent(/^\/templates$/));
    });
  },
});

/** No templates at all: each tab says what to do. */
export const Empty = meta.story({
  parameters: { msw: { handlers: libraryHandlers({ templates: [] }) } },
  play: async ({ canvas, userEvent, step }) => {
    await step("No templates: the seed's empty state", async () => {
      await expect(
        await canvas.findByText(
          'There are no templates yet. Use Add template to add one, or Sync templates to read them from the template host.',
          {},
          { timeout: 5000 },
        ),
      ).toBeVisible();
    });
    await step('An empty tab says which type', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'warranty' }));
      await expect(await canvas.findByText('No warranty templates. Use Add template to add one with page type warranty.')).toBeVisible();
    });
    await step('Stashed says how to stash', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'stashed' }));
      await expect(await canvas.findByText(/^No stashed templates\./)).toBeVisible();
    });
  },
});

/** An empty page-type tab while others have templates. */
export const EmptyTab = meta.story({
  parameters: { msw: { handlers: libraryHandlers({ templates: libraryTemplates.filter((t) => t.page_type !== 'upsell2') }) } },
  render: at('/templates?type=upsell2'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No upsell2 templates. Use Add template to add one with page type upsell2.', {}, { timeout: 5000 })).toBeVisible();
  },
});

/** Sync templates (admin): the progress modal shows each streamed line, ends in Done, and the list shows the added template. */
export const SyncProgress = meta.story({
  parameters: { msw: { handlers: libraryHandlers({ syncStepMs: 400 }) } },
  play: async ({ canvas, userEvent, step }) => {
    await tableOf(canvas);
    await step('Sync shows its progress', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Sync templates' }));
      const running = await screen.findByRole('dialog', { name: 'Syncing templates' });
      await expect(await within(running).findByText('Reading templates from the template host', {}, { timeout: 3000 })).toBeVisible();
      await expect(within(running).getByRole('progressbar', { name: 'Syncing templates' })).toHaveAttribute('aria-valuenow', '1');
      await expect(await within(running).findByText('Warranty frame: added', {}, { timeout: 3000 })).toBeVisible();
    });
    await step('Done at 100%; Close, the new template listed', async () => {
      const done = await screen.findByRole('dialog', { name: 'Done' }, { timeout: 5000 });
      await expect(within(done).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      await userEvent.click(within(done).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Done' })).toBeNull());
      await waitFor(async () => expect(namesIn(await tableOf(canvas))).toContain('Warranty frame'));
    });
  },
});

/** Sync templates that fails: the error dialog with the server's words. */
export const SyncError = meta.story({
  parameters: { msw: { handlers: libraryHandlers({ syncFails: true }) } },
  play: async ({ canvas, userEvent, step }) => {
    await tableOf(canvas);
    let failed!: HTMLElement;
    await step('Sync fails: the message', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Sync templates' }));
      failed = await screen.findByRole('alertdialog', { name: 'An error occurred' }, { timeout: 5000 });
      await expect(within(failed).getByRole('alert')).toHaveTextContent(SYNC_FAILED);
    });
    await step('Close; Sync can be tried again', async () => {
      await userEvent.click(within(failed).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await expect(canvas.getByRole('button', { name: 'Sync templates' })).toBeEnabled();
    });
  },
});

/** An operator (not admin): Sync templates is disabled and says why; Add, Edit and Stash are there. */
export const OperatorCannotSync = meta.story({
  parameters: { msw: { handlers: libraryHandlers({ role: 'operator' }) } },
  play: async ({ canvas, step }) => {
    const table = await tableOf(canvas);
    await step('Sync is disabled for an operator, and why', async () => {
      const sync = await canvas.findByRole('button', { name: 'Sync templates' });
      await waitFor(() => expect(sync).toBeDisabled());
      await expect(sync).toHaveAccessibleDescription('Only an admin can sync templates');
    });
    await step('Add and edit stay enabled', async () => {
      await expect(canvas.getByRole('button', { name: 'Add template' })).toBeEnabled();
      await expect(within(table).getByRole('button', { name: 'Edit Checkout classic' })).toBeEnabled();
    });
  },
});

/**
 * Hover preview: resting on a row shows the rendered template in a floating frame (sandboxed,
 * no scripts); leaving the row hides it; keyboard focus in a row shows it too, Escape hides it.
 */
export const HoverPreview = meta.story({
  play: async (ctx) => playHoverPreview(ctx, await tableOf(ctx.canvas)),
});

/**
 * Searched, sorted and paged on the server, the state in the address: 37 active templates,
 * the next page, a search typed (page 1 of its 10 matches), a sort by name both ways, a search
 * that matches nothing with Clear search, and Back restoring the state before.
 */
export const SearchSortAndPage = meta.story(
  templatesList.searchSortPageStory(libraryHandlers({ templates: [...libraryTemplates, ...manyTemplates(30)] }), {
    total: 37,
    search: 'template-1',
    matches: 10,
    column: 0,
    sort: { header: /^Name/, key: 'name' },
    firstAsc: 'Bulk-template-10',
    firstDesc: 'Bulk-template-19',
  }),
);
