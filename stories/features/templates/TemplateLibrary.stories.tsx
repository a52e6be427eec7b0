/**
 * The template library on its own (001 §2 "Templates"; §4 active / archived shown under
 * stashed; §9 preview host), with the screen's actions as `fn()` args: every active template
 * with its preview address, each filter tab (by mouse and by keyboard) and its empty message,
 * the stashed tab with Restore, Add / Edit / Stash reaching their callbacks with the template,
 * a template being saved (its buttons wait), Sync for an admin and its reason for others, and
 * the hover preview (the preview call mocked with msw).
 */
import preview from '../../../.storybook/preview';
import { expect, fn, waitFor, within } from 'storybook/test';
import { TemplateLibrary, emptyMessage } from '../../../src/features/templates/components/TemplateLibrary';
import { STORY_PREVIEW_HOST } from '../../../.storybook/handlers';
import { libraryHandlers, libraryTemplates, manyTemplates } from './fixtures';
import { FILTER_TABS, playHoverPreview } from './library-steps';
import { controlled } from '../../controlled';

/** Holds the filter as the screen does (in its URL): a tab click shows that tab. */
const Harness = controlled(TemplateLibrary, 'filter', 'onFilter');

const meta = preview.meta({
  title: 'Templates/TemplateLibrary',
  component: TemplateLibrary,
  args: {
    templates: libraryTemplates,
    filter: 'all' as const,
    previewHost: STORY_PREVIEW_HOST,
    canWrite: true,
    canSync: true,
    onFilter: fn(),
    onSync: fn(),
    onAdd: fn(),
    onEdit: fn(),
    onStash: fn(),
    onIntent: fn(),
  },
  parameters: { msw: { handlers: libraryHandlers() } },
  render: (args) => <Harness {...args} />,
});

const namesIn = (table: HTMLElement) => [...table.querySelectorAll('[data-template-id]')].map((e) => e.textContent);
const ACTIVE = ['Presell article', 'Checkout classic', 'Upsell one-click', 'Thank you', 'Interstitial quiz', 'Upsell two-step', 'Warranty classic'];

/** All: every active template (not the stashed one) with page type, layout and the preview path on the preview host. */
export const Filled = meta.story({
  play: async ({ canvas, step }) => {
    await step('The heading and the filter tabs', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
      await expect(canvas.getAllByRole('tab').map((t) => t.textContent)).toEqual(FILTER_TABS);
    });
    await step('The templates are listed, each linking to its preview', async () => {
      const table = canvas.getByRole('table', { name: 'Templates' });
      await expect(namesIn(table)).toEqual(ACTIVE);
      const row = within(table).getByRole('row', { name: /Checkout classic/ });
      await expect(row).toHaveTextContent('checkout');
      const link = within(row).getByRole('link', { name: `Open ${STORY_PREVIEW_HOST}/checkout/` });
      await expect(link).toHaveAttribute('href', `${STORY_PREVIEW_HOST}/checkout/`);
      await expect(link).toHaveAttribute('target', '_blank');
    });
    await step('An admin can sync', async () => {
      await expect(canvas.getByRole('button', { name: 'Sync templates' })).toBeEnabled();
      await expect(canvas.queryByRole('note')).toBeNull();
    });
  },
});

/** The filter tabs: a click shows one page type's templates; the arrow keys move to the next tab; stashed lists the archived with Restore. */
export const Filters = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step("Click a tab: its page type's templates", async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'checkout' }));
      await expect(args.onFilter).toHaveBeenLastCalledWith('checkout');
      await expect(namesIn(canvas.getByRole('table', { name: 'Templates: checkout' }))).toEqual(['Checkout classic']);
    });
    await step('The arrow key moves to the next tab', async () => {
      await userEvent.keyboard('{ArrowRight}');
      await expect(args.onFilter).toHaveBeenLastCalledWith('upsell1');
      await expect(namesIn(canvas.getByRole('table', { name: 'Templates: upsell1' }))).toEqual(['Upsell one-click']);
    });
    await step('Stashed lists the archived with Restore', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'stashed' }));
      const stashed = canvas.getByRole('table', { name: 'Templates: stashed' });
      await expect(namesIn(stashed)).toEqual(['Old checkout']);
      await userEvent.click(within(stashed).getByRole('button', { name: 'Restore Old checkout' }));
      await expect(args.onStash).toHaveBeenCalledWith(
        libraryTemplates.find((t) => t.name === 'Old checkout'),
        false,
      );
    });
  },
});

/** Add, Edit and Stash reach their callbacks with the template; pointing at Add tells the form to start loading. */
export const Actions = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    let thanks!: (typeof libraryTemplates)[number] | undefined;
    await step('Pointing at Add template starts loading the form', async () => {
      await userEvent.hover(canvas.getByRole('button', { name: 'Add template' }));
      await expect(args.onIntent).toHaveBeenCalled();
    });
    await step('Add template', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Add template' }));
      await expect(args.onAdd).toHaveBeenCalledTimes(1);
      thanks = libraryTemplates.find((t) => t.name === 'Thank you');
    });
    await step('Edit a template', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Edit Thank you' }));
      await expect(args.onEdit).toHaveBeenCalledWith(thanks);
    });
    await step('Stash a template', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Stash Thank you' }));
      await expect(args.onStash).toHaveBeenCalledWith(thanks, true);
    });
    await step('Sync templates', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Sync templates' }));
      await expect(args.onSync).toHaveBeenCalledTimes(1);
    });
  },
});

/** A template being saved: its Edit and Stash wait; the others do not. */
export const Busy = meta.story({
  args: { busy: new Set([4]) },
  play: async ({ canvas, step }) => {
    await step("A busy template's actions are disabled, the others' not", async () => {
      await expect(canvas.getByRole('button', { name: 'Edit Thank you' })).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Stash Thank you' })).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Edit Checkout classic' })).toBeEnabled();
    });
  },
});

/** A sync running: the button says so and waits. */
export const Syncing = meta.story({
  args: { syncing: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Syncing templates…' })).toBeDisabled();
  },
});

/** An operator: no Add, Edit, Stash or Actions column; Sync disabled with its reason; the empty messages point to someone who can add. */
export const Operator = meta.story({
  args: { canWrite: false, canSync: false },
  play: async ({ canvas, userEvent, step }) => {
    await step('Sync is disabled for an operator, and why', async () => {
      const sync = canvas.getByRole('button', { name: 'Sync templates' });
      await expect(sync).toBeDisabled();
      await expect(sync).toHaveAccessibleDescription('Only an admin can sync templates');
    });
    await step('No add, edit or stash, no Actions column', async () => {
      await expect(canvas.queryByRole('button', { name: 'Add template' })).toBeNull();
      await expect(within(canvas.getByRole('table', { name: 'Templates' })).queryAllByRole('button')).toEqual([]);
      await expect(canvas.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    });
    await step('The filter tabs still work', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'thankyou' }));
      await userEvent.click(canvas.getByRole('tab', { name: 'upsell2' }));
      await expect(namesIn(canvas.getByRole('table', { name: 'Templates: upsell2' }))).toEqual(['Upsell two-step']);
    });
  },
});

/** While the role loads: Sync waits without a reason yet. */
export const RoleLoading = meta.story({
  args: { canWrite: false, canSync: false, roleKnown: false },
  play: async ({ canvas, step }) => {
    await step('While the role loads, sync is disabled without a note', async () => {
      await expect(canvas.getByRole('button', { name: 'Sync templates' })).toBeDisabled();
      await expect(canvas.queryByRole('note')).toBeNull();
    });
  },
});

/** No templates: 'all' says to add or sync; a page type's tab and stashed say their own. */
export const Empty = meta.story({
  args: { templates: [] },
  play: async ({ canvas, userEvent, args, step }) => {
    await step("No templates: the seed's empty state", async () => {
      await expect(canvas.getByText(emptyMessage('all', true))).toBeVisible();
      await expect(emptyMessage('all', true)).toBe(
        'There are no templates yet. Use Add template to add one, or Sync templates to read them from the template host.',
      );
    });
    await step('Add template next to it calls the same handler', async () => {
      // The one Add template control sits next to the message and calls the same handler.
      await expect(canvas.getAllByRole('button', { name: 'Add template' })).toHaveLength(1);
      await userEvent.click(within(canvas.getByRole('status')).getByRole('button', { name: 'Add template' }));
      await expect(args.onAdd).toHaveBeenCalledTimes(1);
    });
    await step('An empty tab says which type', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'warranty' }));
      await expect(canvas.getByText('No warranty templates. Use Add template to add one with page type warranty.')).toBeVisible();
      await expect(within(canvas.getByRole('status')).getByRole('button', { name: 'Add template' })).toBeEnabled();
    });
    await step('Stashed has no Add', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'stashed' }));
      await expect(canvas.getByText('No stashed templates. Stash a template to take it out of the other tabs; it can be restored from here.')).toBeVisible();
      await expect(within(canvas.getByRole('status')).queryByRole('button')).toBeNull();
      await expect(canvas.getByRole('button', { name: 'Add template' })).toBeEnabled();
    });
  },
});

/** Hover preview: resting on a row shows the rendered template in a frame without scripts; leaving hides it; focus in a row shows it, Escape hides it. */
export const HoverPreview = meta.story({
  play: async (ctx) => playHoverPreview(ctx, ctx.canvas.getByRole('table', { name: 'Templates' })),
});

// ---- One page of the server's list -------------------------------------------------------

const bulk = manyTemplates(30);

/**
 * With `list` the rows are the page the server answered (here the first 25 of 37 active
 * templates): the search box, the sortable headers and the pager ask for another state through
 * `onChange` (the screen puts it in the address and reads that page).
 */
export const ServerPaged = meta.story({
  args: {
    templates: [...libraryTemplates.filter((t) => !t.archived), ...bulk].slice(0, 25),
    list: { state: { q: '', sort: null, desc: false, page: 1, perPage: 25 }, total: 37, loading: false, onChange: fn() },
  },
  play: async ({ canvas, userEvent, args, step }) => {
    const table = canvas.getByRole('table', { name: 'Templates' });
    const asked = () => (args.list?.onChange as ReturnType<typeof fn>).mock.lastCall?.[0] as Record<string, unknown> | undefined;
    await step('The page as answered, with the count and the pager', async () => {
      await expect(namesIn(table)).toHaveLength(25);
      await expect(canvas.getByText('Showing 1–25 of 37 templates')).toBeVisible();
      await expect(canvas.getByText('Page 1 of 2')).toBeVisible();
    });
    await step('Next page asks for page 2', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
      await expect(asked()).toMatchObject({ page: 2 });
    });
    await step('A header sorts by its column', async () => {
      await userEvent.click(within(table).getByRole('button', { name: /^Layout/ }));
      await expect(asked()).toMatchObject({ sort: 'layout', desc: false, page: 1 });
    });
    await step('A search asks for page 1 of its matches', async () => {
      await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'bulk{Enter}');
      await waitFor(() => expect(asked()).toMatchObject({ q: 'bulk', page: 1 }));
    });
  },
});

/** A search that matches nothing says so, with Clear search (not Add template: the tab is not empty). */
export const ServerPagedNoMatch = meta.story({
  args: {
    templates: [],
    list: { state: { q: 'zzz', sort: null, desc: false, page: 1, perPage: 25 }, total: 0, loading: false, onChange: fn() },
  },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('No match, Clear search; no Add template beside it', async () => {
      await expect(canvas.getByText('No templates match “zzz”')).toBeVisible();
      await expect(canvas.getAllByRole('button', { name: 'Add template' })).toHaveLength(1);
      await userEvent.click(canvas.getAllByRole('button', { name: 'Clear search' }).at(-1)!);
      await expect(args.list?.onChange).toHaveBeenCalledWith(expect.objectContaining({ q: '', page: 1 }));
    });
  },
});
