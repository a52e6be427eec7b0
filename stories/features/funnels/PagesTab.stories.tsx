import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { PagesTab } from '../../../src/features/funnels/components/PagesTab';
import { PageForm } from '../../../src/features/funnels/components/PageForm';
import { pages, templates } from '../../../tests/fixtures/demo';
import type { Page } from '../../../src/model';
import type { EditorStore } from '../../../src/editor';
import { expectEmptyStateAction, snapshot, storeOf, expectUndoRedoAll } from '../../helpers';
import { http } from 'msw';
import { apiHandlers } from '../../../.storybook/handlers';
import { AddressBar } from '../../list-address';
import { mockPagesAnswer } from './pages-mock';
import { deleteAfterQuestion, retype, stepValue } from '../../dialog-steps';
import { resolvingSpies } from '../../spies';

/** The pages the story shows: the table's msw handler answers from them as the server would (pages-mock.ts). */
const shown: { pages: Page[]; indexPageId: number | null } = { pages, indexPageId: 10 };

const GROUPS = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta', 'Eta'] as const;
/** 64 pages in one chain (each page's next is the one after), ten a path group: /alpha/ … /zeta/, then four under /eta/. */
const MANY: Page[] = Array.from({ length: 64 }, (_, i) => {
  const group = GROUPS[Math.floor(i / 10)] ?? 'Eta';
  return {
    ID: 500 + i,
    funnel_id: 1,
    name: `${group} ${String((i % 10) + 1).padStart(2, '0')}`,
    page_type: i % 10 === 9 ? 'thankyou' : 'presell',
    page_path: `/${group.toLowerCase()}/${i % 10 ? `${i % 10}/` : ''}`,
    template_id: null,
    page_id: i < 63 ? 501 + i : null,
    page_alt_id: null,
    split: [],
    meta: {},
    version: 1,
  };
});

const meta = {
  title: 'Funnels/PagesTab',
  component: PagesTab,
  subcomponents: { PageForm },
  args: {
    funnelId: 1,
    pages,
    indexPageId: 10,
    templates,
    ...resolvingSpies('onCreate', 'onClone', 'onDelete'),
  },
  decorators: [
    (Story, { args }) => {
      shown.pages = args.pages;
      shown.indexPageId = args.indexPageId;
      return <Story />;
    },
  ],
  parameters: {
    msw: { handlers: [http.get('/api/v1/funnels/:id/pages', ({ request }) => mockPagesAnswer(request, shown.pages, shown.indexPageId)), ...apiHandlers()] },
  },
} satisfies Meta<typeof PagesTab>;
export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

/**
 * Presses `button` and returns the dialog named `name` it opens, page `id`'s document once the
 * story's store holds it, and the page's value then.
 */
async function openPageDialog<N extends number>(
  { canvas, userEvent, store }: { canvas: Canvas; userEvent: { click: (e: Element) => Promise<void> }; store: EditorStore },
  button: string,
  name: string,
  id: N,
) {
  await userEvent.click(await canvas.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name });
  const doc = `page:${id}` as const;
  await waitFor(() => expect(store.getState().docs[doc]).toBeDefined());
  return { dialog, doc, before: snapshot<Page>(store, doc) };
}

/** Grouped by path prefix in flow order from the index page; the index page is marked; delete asks the seed's question. */
export const Filled: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Pages are grouped by path, the index page marked', async () => {
      await waitFor(() => expect(canvas.getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['/ (1)', '/checkout/ (2)', '/thank-you/ (1)']));
      const ids = canvas
        .getAllByRole('row')
        .map((r) => r.querySelector('td')?.textContent)
        .filter(Boolean);
      await expect(ids).toEqual(['10', '11', '12', '13']);
      await expect(canvas.getByText('Index')).toBeVisible();
    });
    await step('Delete a page, after asking', () =>
      deleteAfterQuestion(canvas, userEvent, 'Delete Thank you', 'Are you sure you want to delete this page?', () =>
        expect(args.onDelete).toHaveBeenCalledWith(13),
      ),
    );
  },
};

/** Add page: the seed's path, name and type rules, and duplicate paths. */
export const AddPageInvalid: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    let path!: HTMLElement;
    await step('Open Add page', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Add page' }));
      await screen.findByRole('dialog', { name: 'Add page' });
      path = screen.getByLabelText('Page path');
    });
    await step("Save with a bad row: the seed's messages", async () => {
      await retype(userEvent, path, 'upsell');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await expect(await screen.findByText('Missing Name')).toBeVisible();
      await expect(screen.getByText('Missing Page Type')).toBeVisible();
      await expect(screen.getByText('Please input valid page path, it must start and end with slash.')).toBeVisible();
    });
    await step('A taken page path is refused', async () => {
      await userEvent.type(screen.getByLabelText('Name'), 'Upsell 2');
      await userEvent.selectOptions(screen.getByLabelText('Page type'), 'upsell2');
      await retype(userEvent, path, '/checkout/');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await expect(await screen.findByText('Page path already exists')).toBeVisible();
    });
    await step('Add it on a free path with a template', async () => {
      await retype(userEvent, path, '/checkout/upsell-2/');
      await userEvent.selectOptions(screen.getByLabelText('Template'), '3');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(args.onCreate).toHaveBeenCalledWith({ name: 'Upsell 2', page_type: 'upsell2', page_path: '/checkout/upsell-2/', template_id: 3 }),
      );
    });
  },
};

/** Clone asks for the copy's name and a free path (prefilled), refuses a taken path, and copies the page. */
export const ClonePage: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    let dialog!: HTMLElement;
    let path!: HTMLElement;
    await step('Clone a page: name, type and path are proposed', async () => {
      await userEvent.click(await canvas.findByRole('button', { name: 'Clone Checkout' }));
      dialog = await screen.findByRole('dialog', { name: 'Clone Checkout' });
      await expect(within(dialog).getByLabelText('Name')).toHaveValue('Checkout (copy)');
      await expect(within(dialog).getByLabelText('Page type')).toHaveValue('checkout');
      path = within(dialog).getByLabelText('Page path');
      await expect(path).toHaveValue('/checkout-copy/');
    });
    await step('A taken path is refused', async () => {
      await retype(userEvent, path, '/checkout/');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Clone' }));
      await expect(await within(dialog).findByText('Page path already exists')).toBeVisible();
      await expect(args.onClone).not.toHaveBeenCalled();
    });
    await step('Clone on a free path', async () => {
      await retype(userEvent, path, '/checkout-b/');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Clone' }));
      await waitFor(() =>
        expect(args.onClone).toHaveBeenCalledWith(expect.objectContaining({ ID: 11, name: 'Checkout' }), {
          name: 'Checkout (copy)',
          page_type: 'checkout',
          page_path: '/checkout-b/',
          template_id: 2,
        }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  },
};

/**
 * The toggle: Flow loads the diagram (the layout read from the API) with the same pages and
 * actions; a node's Delete asks the tab's question; Table comes back.
 */
export const FlowToggle: Story = {
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    await step('Switch to Flow: the pages as nodes, no table', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: 'Flow' }));
      await waitFor(() => expect(canvasElement.querySelectorAll('.react-flow__node')).toHaveLength(4), { timeout: 8000 });
      await expect(canvas.getByRole('radio', { name: 'Flow' })).toBeChecked();
      await expect(canvas.queryByRole('table')).toBeNull();
    });
    await step('Delete a page from its toolbar, after asking', async () => {
      canvasElement.querySelector<HTMLElement>('.react-flow__node[data-id="13"]')!.focus();
      await userEvent.keyboard('{Enter}');
      const toolbar = await screen.findByLabelText('Actions of Thank you');
      await userEvent.click(within(toolbar).getByRole('button', { name: 'Delete' }));
      const confirm = await screen.findByRole('alertdialog');
      await expect(within(confirm).getByText('Are you sure you want to delete this page?')).toBeVisible();
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith(13));
    });
    await step('Back to the table', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: 'Table' }));
      await expect(await canvas.findByRole('table')).toBeVisible();
    });
  },
};

/** No pages: the seed's empty state, with the tab's Add page next to it (opens the same dialog). */
export const Empty: Story = {
  args: { pages: [] },
  play: async ({ canvas, canvasElement, userEvent, step }) => {
    await step('The empty state offers Add page, which opens the dialog', async () => {
      await canvas.findByText('No Pages added');
      await expectEmptyStateAction(canvasElement, userEvent, 'No Pages added', 'Add page');
    });
  },
};

/** No pages on a locked funnel: the empty state offers no Add page; the toolbar's stays disabled. */
export const EmptyLocked: Story = {
  args: { pages: [], locked: true },
  play: async ({ canvas, step }) => {
    await step("The empty state has no Add page; the toolbar's is disabled", async () => {
      await canvas.findByText('No Pages added');
      await expect(within(canvas.getByRole('status')).queryByRole('button')).toBeNull();
      await expect(canvas.getByRole('button', { name: 'Add page' })).toBeDisabled();
    });
  },
};

/** Locked: no adds or deletes. */
export const Locked: Story = {
  args: { locked: true },
  play: async ({ canvas, step }) => {
    await step('Add, delete and clone are disabled', async () => {
      await expect(canvas.getByRole('button', { name: 'Add page' })).toBeDisabled();
      await expect(await canvas.findByRole('button', { name: 'Delete Checkout' })).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Clone Checkout' })).toBeDisabled();
    });
  },
};

/** The page form alone: the template list follows the chosen page type. */
/**
 * Settings: a page's name, path, type, next and skip page are edited as commands on its
 * document (the row shows the unsaved name at once); a taken path and a bad path show the
 * seed's messages; undo/redo restore the exact previous page.
 */
export const Settings: Story = {
  play: async ({ canvas, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    let path!: HTMLElement;
    const { dialog, doc, before } = await stepValue(step, "Open a page's settings", () =>
      openPageDialog({ canvas, userEvent, store }, 'Settings of Night cream upsell', 'Page settings: Night cream upsell', 12),
    );
    await step('Rename it: the list follows', async () => {
      await userEvent.type(within(dialog).getByLabelText('Name'), ' VIP');
      await expect(canvas.getByRole('button', { name: 'Settings of Night cream upsell VIP' })).toBeVisible();
    });
    await step('A taken path and one without slashes are refused', async () => {
      path = within(dialog).getByLabelText('Page path');
      await retype(userEvent, path, '/checkout/');
      await expect(within(dialog).getByText('Page path already exists')).toBeVisible();
      await retype(userEvent, path, 'vip');
      await expect(within(dialog).getByText('Please input valid page path, it must start and end with slash.')).toBeVisible();
    });
    await step('Set a path, a skip page and no next page', async () => {
      await userEvent.type(path, '/');
      await retype(userEvent, path, '/vip/');
      await userEvent.selectOptions(within(dialog).getByLabelText('Skip page'), '10');
      await userEvent.selectOptions(within(dialog).getByLabelText('Next page'), '');
      await expect(snapshot<Page>(store, doc)).toMatchObject({ name: 'Night cream upsell VIP', page_path: '/vip/', page_id: null, page_alt_id: 10 });
    });
    await step('Done closes; undo all restores the page, redo all brings it back', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await expectUndoRedoAll(store, doc, before);
    });
  },
};

/** Redirect: a path of the site or an http(s) address, and whether the query string goes along (meta redirect{path, ef}). */
export const Redirect: Story = {
  play: async ({ canvas, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    const { dialog, doc, before } = await stepValue(step, "Open a page's redirect", () =>
      openPageDialog({ canvas, userEvent, store }, 'Redirect Presell article', 'Redirect Presell article', 10),
    );
    await step('A javascript: address is refused', async () => {
      await userEvent.type(within(dialog).getByLabelText('Redirect to'), 'javascript:alert(1)');
      await expect(within(dialog).getByText('Redirect to a page path such as /offer/ or a full http(s):// address')).toBeVisible();
    });
    await step('Redirect to a full address, keeping the query string', async () => {
      await retype(userEvent, within(dialog).getByLabelText('Redirect to'), 'https://example.com/offer');
      await userEvent.click(within(dialog).getByRole('checkbox', { name: /Keep the visitor's query string/ }));
      await expect(snapshot<Page>(store, doc).meta.redirect).toEqual({ path: 'https://example.com/offer', ef: true });
    });
    await step('Done marks the page redirected; undo all restores it, redo all brings it back', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
      await expect(await canvas.findByRole('button', { name: 'Redirect Presell article' })).toHaveTextContent('Redirect ↪');
      await expectUndoRedoAll(store, doc, before);
    });
  },
};

export const PageFormTemplates: StoryObj<typeof PageForm> = {
  render: (a) => <PageForm {...a} />,
  args: { id: 'pf', templates, existingPaths: ['/'], onSave: fn() },
  play: async ({ canvas, userEvent, step }) => {
    await step('A checkout page offers the checkout templates only', async () => {
      await userEvent.selectOptions(canvas.getByLabelText('Page type'), 'checkout');
      const options = Array.from(canvas.getByLabelText<HTMLSelectElement>('Template').options).map((o) => o.text);
      await expect(options).toEqual(['No template', 'Checkout classic']);
    });
  },
};

const rowHeaders = (c: HTMLElement) =>
  within(c)
    .queryAllByRole('rowheader')
    .map((r) => r.textContent);
const firstName = (c: HTMLElement) => c.querySelector('tbody tr td:nth-child(2)')?.textContent ?? '';

/**
 * 64 pages, paged on the server in flow order grouped by path: a group cut by the page boundary
 * repeats its header on the next page, "(continued)"; a search keeps the flow order among the
 * matches; a sort by name lists flat until "Back to flow order"; the address holds each state and
 * Back restores the one before.
 */
export const PagedSearchSortBack: Story = {
  args: { pages: MANY, indexPageId: 500 },
  render: (args) => (
    <>
      <PagesTab {...args} />
      <AddressBar />
    </>
  ),
  play: async ({ canvas, canvasElement, userEvent, step }) => {
    const address = () => canvas.getByRole('status', { name: 'Address' });
    const table = () => canvas.getByRole('table', { name: 'Pages' });
    await step('Page 1: 25 of 64 in flow order, grouped by path', async () => {
      await expect(await canvas.findByText('Showing 1–25 of 64 pages', {}, { timeout: 5000 })).toBeVisible();
      await expect(canvas.getByText('Page 1 of 3')).toBeVisible();
      await expect(rowHeaders(table())).toEqual(['/alpha/ (10)', '/beta/ (10)', '/gamma/ (5)']);
      await expect(firstName(table())).toContain('Alpha 01');
    });
    await step('Next page: /gamma/ goes on, its header saying so', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
      await expect(await canvas.findByText('Showing 26–50 of 64 pages')).toBeVisible();
      await expect(address()).toHaveTextContent('?page=2');
      await waitFor(() => expect(rowHeaders(table())).toEqual(['/gamma/ (continued) (5)', '/delta/ (10)', '/epsilon/ (10)']));
    });
    await step('A search by path finds the /zeta/ pages, in flow order, back on page 1', async () => {
      await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'zeta');
      await waitFor(() => expect(address()).toHaveTextContent('?q=zeta'), { timeout: 3000 });
      await expect(await canvas.findByText('Showing 1–10 of 10 pages')).toBeVisible();
      await waitFor(() => expect(rowHeaders(table())).toEqual(['/zeta/ (10)']));
      await expect(firstName(table())).toBe('Zeta 01');
    });
    await step('Sort by name, descending: a flat list; the address says so', async () => {
      await userEvent.click(within(table()).getByRole('button', { name: /^Name/ }));
      await waitFor(() => expect(address()).toHaveTextContent('sort=name'));
      await userEvent.click(within(table()).getByRole('button', { name: /^Name/ }));
      await waitFor(() => expect(address()).toHaveTextContent('sort=-name'));
      await waitFor(() => expect(firstName(table())).toBe('Zeta 10'));
      await expect(within(table()).getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');
      await expect(rowHeaders(table())).toEqual([]);
    });
    await step('Back to flow order groups them again', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Back to flow order' }));
      await waitFor(() => expect(rowHeaders(table())).toEqual(['/zeta/ (10)']));
      await expect(address()).not.toHaveTextContent('sort=');
    });
    await step('Back: the name sort, then page 2 of every page', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
      await waitFor(() => expect(address()).toHaveTextContent('sort=-name'));
      await waitFor(() => expect(firstName(table())).toBe('Zeta 10'));
      for (let i = 0; i < 3; i++) await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
      await waitFor(() => expect(address()).toHaveTextContent('?page=2'));
      await expect(canvas.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
      await waitFor(() => expect(rowHeaders(canvasElement)[0]).toBe('/gamma/ (continued) (5)'));
    });
  },
};
