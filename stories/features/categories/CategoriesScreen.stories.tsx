/**
 * /categories (001 §2, §8; 000 §5, §7 "Categories"), the connected screen with the
 * API mocked here (msw): empty, filled, create / edit / import / delete reaching the API with
 * the body asserted, a duplicate refused by the server with the 001 §8 info toast, and an
 * operator who sees the list without write actions; and the list searched, sorted and paged on the server.
 */
import preview from '../../../.storybook/preview';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import { CategoriesScreen } from '../../../src/features/categories/screens/CategoriesScreen';
import { MSG, type Category } from '../../../src/model';
import { storyUser } from '../../screens';
import { mockListAnswer, type MockList } from '../../list-mock';
import { cedarRows } from '../../list-play';
import { listScreen } from '../../list-screen';
import { manyCategories, NO_EVENTS, storyCategories } from './fixtures';
import { importSticky, stepImportNone } from './import-steps';
import { expectToast, playConfirmDelete, stepHeading, toasts } from '../../helpers';
import { openDialog, retype, stepValue } from '../../dialog-steps';

/** One call the screen made: method, path and JSON body. */
interface SentCall {
  method: string;
  path: string;
  body: unknown;
}

/** The category list's search and sort as the server has them (src/server/routes/categories.ts). */
const CATEGORY_MOCK_LIST: MockList<Category> = {
  sorts: { id: (c) => c.ID, name: (c) => c.name, sticky_id: (c) => c.sticky_id, description: (c) => c.description },
  id: (c) => c.ID,
  text: (c) => [c.name, c.description],
  numbers: (c) => [c.sticky_id],
};

/**
 * The categories API as the server answers it (duplicates by name, any case, or sticky id are
 * 409 with the seeds' texts; import finds platform category 101 'Home & Garden'), signed in as
 * `role`; every write is recorded in `sent`.
 */
function categoryApi(o: { role?: 'admin' | 'operator'; initial?: Category[] } = {}) {
  const rows = structuredClone(o.initial ?? storyCategories);
  const sent: SentCall[] = [];
  const seen = { me: false };
  let next = 10;
  const conflict = (name: string, sticky: number, self?: number) => {
    const rest = rows.filter((c) => c.ID !== self);
    if (rest.some((c) => c.name.toLowerCase() === name.toLowerCase())) return HttpResponse.json({ message: MSG.categoryExists(name) }, { status: 409 });
    if (rest.some((c) => c.sticky_id === sticky)) return HttpResponse.json({ message: MSG.categoryIdExists(sticky) }, { status: 409 });
    return null;
  };
  const record = async (request: Request) => {
    const body = request.method === 'DELETE' ? undefined : ((await request.clone().json()) as Record<string, unknown>);
    sent.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body ?? {};
  };
  const handlers = [
    http.get('/api/v1/me', () => {
      seen.me = true;
      return HttpResponse.json({ ...storyUser, role: o.role ?? 'admin' });
    }),
    http.get('/api/v1/categories', ({ request }) =>
      mockListAnswer(
        request,
        [...rows].sort((a, b) => a.name.localeCompare(b.name)),
        CATEGORY_MOCK_LIST,
      ),
    ),
    http.post('/api/v1/categories/create', async ({ request }) => {
      const b = (await record(request)) as Omit<Category, 'ID'>;
      const refused = conflict(b.name, b.sticky_id);
      if (refused) return refused;
      const c = { ...b, ID: ++next };
      rows.push(c);
      return HttpResponse.json(c, { status: 201 });
    }),
    http.post('/api/v1/categories/import', async ({ request }) => {
      const { sticky_id } = (await record(request)) as { sticky_id: number };
      if (sticky_id !== 101) return HttpResponse.json({ message: `Category ${sticky_id} was not found on the platform` }, { status: 404 });
      const refused = conflict('Home & Garden', sticky_id);
      if (refused) return refused;
      const c: Category = {
        ID: ++next,
        name: 'Home & Garden',
        sticky_id,
        description: 'Home & Garden products',
        ...NO_EVENTS,
      };
      rows.push(c);
      return HttpResponse.json(c, { status: 201 });
    }),
    http.put('/api/v1/categories/update/:id', async ({ request, params }) => {
      const b = (await record(request)) as Omit<Category, 'ID'>;
      const id = Number(params.id);
      const refused = conflict(b.name, b.sticky_id, id);
      if (refused) return refused;
      const i = rows.findIndex((c) => c.ID === id);
      rows[i] = { ...b, ID: id };
      return HttpResponse.json(rows[i]);
    }),
    http.delete('/api/v1/categories/:id', async ({ request, params }) => {
      await record(request);
      const id = Number(params.id);
      rows.splice(
        rows.findIndex((c) => c.ID === id),
        1,
      );
      return HttpResponse.json({ message: 'Category deleted', ID: id });
    }),
  ];
  return { handlers, sent, rows, seen };
}

const categories = listScreen({ path: '/categories', noun: 'category', table: 'Categories' }, CategoriesScreen);

const meta = preview.meta({ title: 'Categories/CategoriesScreen', component: CategoriesScreen, ...categories.meta(categoryApi().handlers) });

/** The table once the list and the admin role (which decides the write actions) have loaded. */
const adminTable = categories.findTable;
const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('row', { name: new RegExp(name) });

/** Empty: the heading and 'No Categories added'; an admin can still add or import. */
export const Empty = meta.story({
  parameters: { msw: { handlers: categoryApi({ initial: [] }).handlers } },
  play: async ({ canvas, step }) => {
    await stepHeading(step, canvas, 'Categories');
    await step('The empty state, and an admin can still import', async () => {
      await expect(await canvas.findByText('No Categories added', {}, { timeout: 5000 })).toBeVisible();
      await expect(await canvas.findByRole('button', { name: 'Import category' }, { timeout: 5000 })).toBeVisible();
    });
  },
});

/** Filled: every category by name with its sticky id, description and event ids, and Edit / Delete per row. */
export const Filled = meta.story({
  play: async ({ canvas, step }) => {
    let table!: HTMLElement;
    await step('The categories are listed by name', async () => {
      table = await adminTable(canvas);
      const names = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelectorAll('td')[1]?.textContent);
      await expect(names).toEqual(['Skin Care', 'Sports & Fitness', 'Teeth Whitening']);
    });
    await step('A row shows the sticky id, event ids, Edit and Delete', async () => {
      const skin = rowOf(table, 'Skin Care');
      await expect(skin).toHaveTextContent('102');
      await expect(skin).toHaveTextContent('Order 7001, Refund 7002');
      await expect(within(skin).getByRole('button', { name: 'Edit Skin Care' })).toBeVisible();
      await expect(within(skin).getByRole('button', { name: 'Delete Skin Care' })).toBeVisible();
    });
  },
});

/**
 * What a category write sends, the only request: `method` `path` with the whole form as `body`
 * (each event id it does not set null).
 */
const categoryWrite = (method: string, path: string, body: { name: string; sticky_id: number; description: string } & Partial<typeof NO_EVENTS>) => [
  { method, path, body: { ...NO_EVENTS, ...body } },
];

const createApi = categoryApi();
/** Create: the form's values reach `POST /categories/create` (ids as numbers, absent event ids null); the list and a toast show it. */
export const Create = meta.story({
  parameters: { msw: { handlers: createApi.handlers } },
  play: async ({ canvas, userEvent, step }) => {
    const { table, dialog } = await stepValue(step, 'Add category opens the form', () => categories.open(canvas, userEvent));
    const d = within(dialog);
    await step('Fill in name, sticky id, description and refund event, then save', async () => {
      await userEvent.type(d.getByLabelText('Name'), 'Hair');
      await userEvent.type(d.getByLabelText('Sticky ID'), '106');
      await userEvent.type(d.getByLabelText('Description'), 'Shampoo and oils');
      await userEvent.type(d.getByLabelText('Refund event ID'), '42');
      await userEvent.click(d.getByRole('button', { name: 'Save' }));
    });
    await step('The toast, the request and the new row', async () => {
      await expectToast('Category Hair added');
      await expect(createApi.sent).toEqual(
        categoryWrite('POST', '/api/v1/categories/create', { name: 'Hair', sticky_id: 106, description: 'Shampoo and oils', event_refund: 42 }),
      );
      await waitFor(() => expect(rowOf(table, 'Hair')).toHaveTextContent('Refund 42'));
      await expect(screen.queryByRole('dialog', { name: 'Add category' })).toBeNull();
    });
  },
});

const editApi = categoryApi();
/** Edit: the form opens with the stored values; the whole form reaches `PUT /categories/update/{id}`. */
export const Edit = meta.story({
  parameters: { msw: { handlers: editApi.handlers } },
  play: async ({ canvas, userEvent, step }) => {
    const { table, dialog } = await stepValue(step, 'Edit Skin Care opens its form', () => categories.open(canvas, userEvent, 'Edit Skin Care'));
    const d = within(dialog);
    await step('The stored values are shown', async () => {
      await expect(d.getByLabelText('Sticky ID')).toHaveValue('102');
      await expect(d.getByLabelText('Order event ID')).toHaveValue('7001');
    });
    await step('Rename it and clear the order event, then save', async () => {
      await retype(userEvent, d.getByLabelText('Name'), 'Skin & Face');
      await userEvent.clear(d.getByLabelText('Order event ID'));
      await userEvent.click(d.getByRole('button', { name: 'Save' }));
    });
    await step('The toast, the whole form sent and the row updated', async () => {
      await expectToast('Category Skin & Face saved');
      await expect(editApi.sent).toEqual(
        categoryWrite('PUT', '/api/v1/categories/update/1', {
          name: 'Skin & Face',
          sticky_id: 102,
          description: 'Serums, creams and gels',
          event_refund: 7002,
        }),
      );
      await waitFor(() => expect(rowOf(table, 'Skin & Face')).toHaveTextContent('Refund 7002'));
    });
  },
});

const deleteApi = categoryApi();
/** Delete: asks first (Cancel sends nothing), then `DELETE /categories/{id}`; the row goes. */
export const Delete = meta.story({
  parameters: { msw: { handlers: deleteApi.handlers } },
  play: async ({ canvas, userEvent, step }) => {
    const table = await adminTable(canvas);
    await playConfirmDelete({
      step,
      userEvent,
      button: () => within(rowOf(table, 'Teeth Whitening')).getByRole('button', { name: 'Delete Teeth Whitening' }),
      dialog: 'Delete category',
      question: 'Are you sure you want to delete the category Teeth Whitening?',
      nothingDone: () => expect(deleteApi.sent).toEqual([]),
    });
    await step('The toast, the request, and the row goes', async () => {
      await expectToast('Category Teeth Whitening deleted');
      await expect(deleteApi.sent).toEqual([{ method: 'DELETE', path: '/api/v1/categories/2', body: undefined }]);
      await waitFor(() => expect(within(table).queryByText('Teeth Whitening')).toBeNull());
    });
  },
});

const importApi = categoryApi();
/** Import: a sticky id the platform lacks is the server's error; 101 imports 'Home & Garden', shown in a toast and the list. */
export const Import = meta.story({
  parameters: { msw: { handlers: importApi.handlers } },
  play: async ({ canvas, userEvent, step }) => {
    let table!: HTMLElement;
    let dialog!: HTMLElement;
    let d!: ReturnType<typeof within>;
    await step('Import category opens the form', async () => {
      table = await adminTable(canvas);
      dialog = await openDialog(canvas, userEvent, 'Import category');
      d = within(dialog);
    });
    await stepImportNone(step, userEvent, d);
    await step("A sticky id the platform lacks: the server's error, the dialog stays", async () => {
      await importSticky(userEvent, d, '999');
      await expectToast('Category 999 was not found on the platform');
      await expect(dialog).toBeVisible();
    });
    await step('Import 101: the toast, the requests and the new row', async () => {
      await importSticky(userEvent, d, '101');
      await expectToast('Category Home & Garden imported (sticky ID 101)');
      await expect(importApi.sent).toEqual([
        { method: 'POST', path: '/api/v1/categories/import', body: { sticky_id: 999 } },
        { method: 'POST', path: '/api/v1/categories/import', body: { sticky_id: 101 } },
      ]);
      await waitFor(() => expect(rowOf(table, 'Home & Garden')).toHaveTextContent('Home & Garden products'));
    });
  },
});

/**
 * A duplicate the list did not know of (another admin added it meanwhile): the server's 409 is
 * the 001 §8 info toast 'Category with [id] already exists'; the dialog stays open.
 */
export const DuplicateRefusedByServer = meta.story({
  parameters: {
    msw: {
      handlers: [
        ...categoryApi({ initial: storyCategories }).handlers.slice(0, 2),
        http.post('/api/v1/categories/create', () => HttpResponse.json({ message: MSG.categoryIdExists(555) }, { status: 409 })),
      ],
    },
  },
  play: async ({ canvas, userEvent, step }) => {
    let dialog!: HTMLElement;
    let d!: ReturnType<typeof within>;
    await step('Add category opens the form', async () => {
      await adminTable(canvas);
      dialog = await openDialog(canvas, userEvent, 'Add category');
      d = within(dialog);
    });
    await step('Save a sticky id another admin already added', async () => {
      await userEvent.type(d.getByLabelText('Name'), 'Hair');
      await userEvent.type(d.getByLabelText('Sticky ID'), '555');
      await userEvent.click(d.getByRole('button', { name: 'Save' }));
    });
    await step("The server's info toast; the dialog stays open", async () => {
      const toast = await toasts().findByText('Category with 555 already exists', {}, { timeout: 5000 });
      await expect(toast.closest('[role="status"]')).toHaveTextContent('Info');
      await expect(dialog).toBeVisible();
    });
  },
});

const operatorApi = categoryApi({ role: 'operator' });
/** An operator (staff, not admin): the list without Add, Import, Edit, Delete or an Actions column. */
export const OperatorRole = meta.story({
  parameters: { msw: { handlers: operatorApi.handlers } },
  play: async ({ canvas, step }) => {
    let table!: HTMLElement;
    await step("The list loads with the operator's session", async () => {
      table = await canvas.findByRole('table', { name: 'Categories' }, { timeout: 5000 });
      // The role decides the actions: wait until the session has been answered and rendered.
      await waitFor(() => expect(operatorApi.seen.me).toBe(true));
      await new Promise((r) => setTimeout(r, 100));
    });
    await step('No Add, Import, Edit, Delete or Actions column', async () => {
      await expect(rowOf(table, 'Skin Care')).toHaveTextContent('102');
      await expect(canvas.queryByRole('button', { name: 'Add category' })).toBeNull();
      await expect(canvas.queryByRole('button', { name: 'Import category' })).toBeNull();
      // The headers' sort buttons are not actions: no button in the rows.
      await expect([...table.querySelectorAll('tbody button')]).toEqual([]);
      await expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    });
  },
});

/** The list cannot be read: the heading still shows, and the server's message where the list would be. */
export const LoadError = meta.story({
  parameters: {
    msw: {
      handlers: [categoryApi().handlers[0]!, http.get('/api/v1/categories', () => HttpResponse.json({ message: 'Database unavailable' }, { status: 503 }))],
    },
  },
  play: async ({ canvas, step }) => {
    await stepHeading(step, canvas, 'Categories');
    await step("The server's message where the list would be, and no Add", async () => {
      const section = canvas.getByRole('region', { name: 'Categories' });
      await expect(await within(section).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Database unavailable');
      await expect(within(section).queryByRole('button', { name: 'Add category' })).toBeNull();
    });
  },
});

/** Searched, sorted and paged on the server, the state in the address (see stories/list-play.ts). */
export const SearchSortAndPage = meta.story(
  categories.searchSortPageStory(categoryApi({ initial: [...storyCategories, ...manyCategories(60)] }).handlers, {
    total: 60 + storyCategories.length,
    column: 1,
    ...cedarRows('Category'),
  }),
);
