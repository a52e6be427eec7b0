/**
 * Categories (000 §7 "Categories", with its odd paths: `POST /categories/create`,
 * `PUT /categories/update/{id}`, `POST /categories/import`). Rules (000 §5, 001 §5, §8):
 * name required ('Missing Category Name'); sticky_id digits ≤ 5; event ids optional digits
 * ≤ 5; duplicates by name ('Category [name] already exists') or sticky id ('Category with
 * [id] already exists') are 409. Import reads a category of the order platform by sticky id.
 */
import { CATEGORY_ROUTES, CATEGORY_SORTS } from '../../model/contracts/categories.ts';
import { asc, eq, sql } from 'drizzle-orm';
import { MSG } from '../../model/messages.ts';
import type { Category } from '../../model/categories.ts';
import { oneRow, type Tx } from '../db/index.ts';
import { categories } from '../db/schema.ts';
import { pgCode } from '../documents/errors.ts';
import { PLATFORM_ERROR_DOCS } from '../integrations/platform.ts';
import { ApiError, errors, notFound } from '../http.ts';
import { on, onDelete, onGet, createRouteOf, replaceRouteOf, routes } from './common.ts';
import { type ListSpec, lowered, onList } from './list-query.ts';
import { tableListRead, onListCsv, type CsvColumn, fieldColumns } from './csv-export.ts';
import { rowById } from '../repo.ts';

const tags = ['Categories'];

/** The category list's search and sort (its table: ID, name, sticky ID, description). */
export const CATEGORY_LIST: ListSpec<(typeof CATEGORY_SORTS)[number]> = {
  noun: 'categories',
  sorts: { id: categories.ID, name: lowered(categories.name), sticky_id: categories.sticky_id, description: lowered(categories.description) },
  id: categories.ID,
  text: [categories.name, categories.description],
  numbers: [categories.sticky_id],
  searchHelp: "part of the category's name or description, or its ID or sticky ID (a whole number)",
  // By name, as the list always was.
  defaultOrder: [asc(categories.name), asc(categories.ID)],
};

const toCategory = ({ CreatedAt: _c, ...r }: typeof categories.$inferSelect): Category => r;

/** The export's columns: the list's. */
const CATEGORY_CSV: CsvColumn<Category>[] = [...fieldColumns({ ID: 'ID', Name: 'name', 'Sticky ID': 'sticky_id', Description: 'description' })];

/** 409 with the seed's text when the name (any case) or the sticky id is taken by another category. */
async function assertUnique(tx: Tx, name: string, stickyId: number, exceptId?: number): Promise<void> {
  const byName = await tx
    .select({ ID: categories.ID })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})`);
  if (byName.some((r) => r.ID !== exceptId)) throw new ApiError(409, MSG.categoryExists(name));
  const bySticky = await tx.select({ ID: categories.ID }).from(categories).where(eq(categories.sticky_id, stickyId));
  if (bySticky.some((r) => r.ID !== exceptId)) throw new ApiError(409, MSG.categoryIdExists(stickyId));
}

/** A unique violation that slipped past {@link assertUnique} (a concurrent insert) as the same 409. */
function duplicate(e: unknown, name: string, stickyId: number): unknown {
  const { code, constraint } = pgCode(e);
  if (code !== '23505') return e;
  return new ApiError(409, constraint?.includes('sticky') ? MSG.categoryIdExists(stickyId) : MSG.categoryExists(name));
}

/**
 * Runs `write` (the insert or update) once the name and sticky id are free for category
 * `exceptId` ({@link assertUnique}); a unique violation it meets anyway is the same 409 ({@link duplicate}).
 */
async function writeUnique<T>(tx: Tx, name: string, stickyId: number, exceptId: number | undefined, write: () => Promise<T>): Promise<T> {
  await assertUnique(tx, name, stickyId, exceptId);
  try {
    return await write();
  } catch (e) {
    throw duplicate(e, name, stickyId);
  }
}

/** Category routes. */
export const categoryRoutes = routes((app, db, deps) => {
  /** The list's read of a request: the JSON list and its CSV export page through the same. */
  const list = tableListRead(CATEGORY_LIST, db, categories, (rows) => rows.map(toCategory));

  onList(
    app,
    'categories.read',
    {
      contract: CATEGORY_ROUTES.list,
      operationId: 'listCategories',
      tags,
      summary: 'Categories, searched, sorted and paged on the server',
      description:
        'The categories matching `q`, sorted by `sort` (default: by name). With `page` or `per_page` the answer is one page; without them every matching category. The answer stays a JSON array; `X-Total-Count` says how many categories match in all.',
      spec: CATEGORY_LIST,
      answered: 'The categories (of the page)',
      errors: errors(401, 403),
    },
    list,
  );

  onListCsv(app, 'categories.read', {
    path: CATEGORY_ROUTES.export.path,
    operationId: 'exportCategories',
    tags,
    spec: CATEGORY_LIST,
    columns: CATEGORY_CSV,
    stem: 'categories',
    read: list,
  });

  on(
    app,
    'categories.write',
    createRouteOf({
      contract: CATEGORY_ROUTES.create,
      operationId: 'createCategory',
      tags,
      summary: 'Create a category',
      answered: 'The category',
      errors: errors(401, 403, 409, 422),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const row = await db.transaction(async (tx) =>
        writeUnique(tx, body.name, body.sticky_id, undefined, async () =>
          oneRow(await tx.insert(categories).values(body).returning(), 'categories: returning'),
        ),
      );
      return c.json(toCategory(row), 201);
    },
  );

  on(
    app,
    'categories.write',
    createRouteOf({
      contract: CATEGORY_ROUTES.importBySticky,
      operationId: 'importCategories',
      tags,
      summary: 'Import a category of the order platform by its sticky id (the "Category sticky id" form)',
      description:
        'Reads the category from the order platform (Sticky.io with ORDER_PLATFORM=sticky); an unreachable platform answers 502/503 and nothing is stored.',
      answered: 'The imported category',
      errors: errors(401, 403, 404, 409, 422, PLATFORM_ERROR_DOCS),
    }),
    async (c) => {
      const { sticky_id } = c.req.valid('json');
      const found = await deps.integrations.platform.category(sticky_id);
      if (!found) throw new ApiError(404, `Category ${sticky_id} was not found on the platform`);
      const row = await db.transaction(async (tx) =>
        writeUnique(tx, found.name, sticky_id, undefined, async () =>
          oneRow(await tx.insert(categories).values({ name: found.name, sticky_id, description: found.description }).returning(), 'categories: returning'),
        ),
      );
      return c.json(toCategory(row), 201);
    },
  );

  onGet(
    app,
    'categories.read',
    { contract: CATEGORY_ROUTES.get, operationId: 'getCategory', tags, summary: 'One category', answered: 'The category', errors: errors(401, 403, 404, 422) },
    async (id) => toCategory(await rowById(db, categories, id, 'Category')),
  );

  on(
    app,
    'categories.write',
    replaceRouteOf({
      contract: CATEGORY_ROUTES.update,
      operationId: 'updateCategory',
      tags,
      summary: 'Replace a category',
      answered: 'The category',
      errors: errors(401, 403, 404, 409, 422),
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const body = c.req.valid('json');
      const row = await db.transaction(async (tx) => {
        await rowById(tx, categories, id, 'Category', true);
        return writeUnique(tx, body.name, body.sticky_id, id, async () =>
          oneRow(await tx.update(categories).set(body).where(eq(categories.ID, id)).returning(), 'categories: returning'),
        );
      });
      return c.json(toCategory(row), 200);
    },
  );

  onDelete(
    app,
    'categories.write',
    {
      contract: CATEGORY_ROUTES.remove,
      operationId: 'deleteCategory',
      tags,
      summary: 'Delete a category',
      errors: errors(401, 403, 404, 422),
    },
    'Category',
    async (id) => {
      const gone = await db.delete(categories).where(eq(categories.ID, id)).returning({ ID: categories.ID });
      if (!gone.length) throw notFound('Category');
    },
  );
});
