/**
 * Products (000 §7 "Products"; 001 §3, §5): by offer, create (the product form; ids come
 * from the order platform unless given), bundles, replace and delete. Rules (001 §5): name,
 * description, SKU, cost of goods, price and shipping weight required ('Missing …'); max
 * quantity defaults to 100; billing model one of 001 §9's. `GET /products` lists every
 * product with its offer (the /products screen). `GET /funnels/{id}/products` lives in funnels.ts.
 */
import type { ProductFormValues } from '../../model/catalog.ts';
import { PRODUCT_ROUTES, PRODUCT_SORTS, type ProductListRow } from '../../model/contracts/products.ts';
import { z } from '@hono/zod-openapi';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { oneRow, type Tx } from '../db/index.ts';
import { auditLogs, offers, products, shippings } from '../db/schema.ts';
import {
  compensateOnFailure,
  PLATFORM_ERROR_DOCS,
  platformAuditRow,
  platformName,
  undoOnFailure,
  type OrderPlatform,
  type PlatformCreated,
  type PlatformProductInput,
} from '../integrations/platform.ts';
import { ApiError, errors, notFound } from '../http.ts';
import { deleteById, getOffer, offerProducts, productsWhere, rowById } from '../repo.ts';
import { pagesUsingProduct, refuseInUse } from '../usage.ts';
import { on, onDelete, onGet, createRouteOf, replaceRouteOf, routes } from './common.ts';
import { PRODUCT } from './example-fixtures.ts';
import { type ListSpec, lowered, onList } from './list-query.ts';
import { listRead, onListCsv, type CsvColumn, fieldColumns } from './csv-export.ts';

const tags = ['Products'];

/** The product list's search and sort (001 §2 /products: product ID, name, SKU, price, billing model, vertical, offer). */
export const PRODUCT_LIST: ListSpec<(typeof PRODUCT_SORTS)[number]> = {
  noun: 'products',
  sorts: {
    product_id: products.product_id,
    name: lowered(products.name),
    sku: lowered(products.sku),
    price: products.product_price,
    billing: products.billing_model,
    vertical: lowered(products.product_category),
    offer: lowered(offers.name),
  },
  id: products.ID,
  text: [products.name, products.sku],
  numbers: [products.product_id],
  searchHelp: "part of the product's name or SKU, or its ID or product ID (a whole number)",
  // The list's order before it was paged: by offer (an offer gone: last), then product.
  defaultOrder: [asc(offers.ID), asc(products.ID)],
};

/** The answer's example in the OpenAPI document (kept here beside the route; examples.ts holds the others). */
const LIST_EXAMPLE = [
  {
    ...PRODUCT,
    shipping_id: 1,
    shipping: { ID: 1, name: 'Standard', price: 4.95 },
    description: 'Brightening serum with 15% vitamin C',
    cost_of_goods: 6.2,
    shipping_weight: 0.12,
    offer: { ID: 1, offer_id: 10231, name: 'GlowSkin Vitamin C Serum' },
  },
] satisfies z.input<typeof PRODUCT_ROUTES.list.answer>;

/** The export's columns: the list's. */
const PRODUCT_CSV: CsvColumn<ProductListRow>[] = [
  ...fieldColumns({
    ID: 'ID',
    'Product ID': 'product_id',
    Name: 'name',
    SKU: 'sku',
    Price: 'product_price',
    'Billing model': 'billing_model',
    Vertical: 'product_category',
  }),
  { header: 'Offer', cell: (p) => p.offer?.name ?? null },
];

/** The offer (422) and shipping (422) a product refers to exist; its platform id is free in the offer (409). */
async function checkProduct(tx: Tx, v: { offer_id: number; shipping_id: number | null; product_id: number | null }, exceptId?: number): Promise<void> {
  const [o] = await tx.select({ ID: offers.ID }).from(offers).where(eq(offers.offer_id, v.offer_id));
  if (!o) throw new ApiError(422, 'Offer not found');
  if (v.shipping_id != null) {
    const [s] = await tx.select({ ID: shippings.ID }).from(shippings).where(eq(shippings.ID, v.shipping_id));
    if (!s) throw new ApiError(422, 'Shipping not found');
  }
  if (v.product_id != null) {
    const dup = await tx
      .select({ ID: products.ID })
      .from(products)
      .where(and(eq(products.offer_id, v.offer_id), eq(products.product_id, v.product_id)));
    if (dup.some((d) => d.ID !== exceptId)) throw new ApiError(409, `Product ${v.product_id} already exists`);
  }
}

/**
 * A product id an operator gives by hand names a product the order platform has (422 otherwise);
 * a platform without a catalogue of its own (local) accepts any id.
 * @throws ApiError 422; ProviderError when the platform cannot be reached.
 */
export async function mustExistAtPlatform(platform: OrderPlatform, productId: number): Promise<void> {
  if (platform.product && !(await platform.product(productId))) throw new ApiError(422, productNotAtPlatform(platform, productId));
}

/** "Product 4101 was not found on Sticky.io". */
export const productNotAtPlatform = (platform: OrderPlatform, productId: number) => `Product ${productId} was not found on ${platformName(platform.kind)}`;

/** A product form (or a stored product, a CSV row) as the order platform is asked to create or update it. */
export function platformProduct(
  body: Pick<
    typeof products.$inferSelect,
    | 'name'
    | 'description'
    | 'sku'
    | 'product_price'
    | 'cost_of_goods'
    | 'shipping_weight'
    | 'max_quantity'
    | 'billing_model'
    | 'product_category'
    | 'shipping_id'
  >,
  bundle?: { product_id: number; quantity: number }[],
): PlatformProductInput {
  return {
    name: body.name,
    description: body.description,
    sku: body.sku,
    price: body.product_price,
    cost_of_goods: body.cost_of_goods,
    weight: body.shipping_weight,
    max_quantity: body.max_quantity,
    billing_model: body.billing_model,
    category: body.product_category,
    shipping_id: body.shipping_id,
    ...(bundle ? { bundle } : {}),
  };
}

/** A bundle's items are ≥ 2 distinct products of its offer (422); answers them with their platform ids. */
async function checkBundle(tx: Tx, offerId: number, items: { product_id: number; quantity: number }[]): Promise<{ product_id: number; quantity: number }[]> {
  const ids = [...new Set(items.map((i) => i.product_id))];
  if (ids.length !== items.length) throw new ApiError(422, 'A product appears twice in the bundle');
  const found = await tx
    .select({ ID: products.ID, product_id: products.product_id })
    .from(products)
    .where(and(eq(products.offer_id, offerId), inArray(products.ID, ids)));
  if (found.length !== ids.length) throw new ApiError(422, 'Bundle products must be products of the offer');
  const platformId = new Map(found.map((f) => [f.ID, f.product_id]));
  return items.map((i) => ({ product_id: platformId.get(i.product_id) ?? i.product_id, quantity: i.quantity }));
}

/** Product routes. */
export const productRoutes = routes((app, db, deps) => {
  /**
   * The list's read of a request: the page's IDs first (sorted with the offer joined), then those
   * products in full with their offer. The JSON list and its CSV export page through the same.
   */
  const list = listRead(
    PRODUCT_LIST,
    (where, order) =>
      db
        .select({ ID: products.ID })
        .from(products)
        .leftJoin(offers, eq(offers.offer_id, products.offer_id))
        .where(where)
        .orderBy(...order)
        .$dynamic(),
    (where) => db.select({ n: count() }).from(products).where(where),
    async (page): Promise<ProductListRow[]> => {
      const ids = page.map((p) => p.ID);
      const [full, os] = await Promise.all([
        ids.length ? productsWhere(db, inArray(products.ID, ids)) : [],
        db.select({ ID: offers.ID, offer_id: offers.offer_id, name: offers.name }).from(offers),
      ]);
      const byId = new Map(full.map((p) => [p.ID, p]));
      const byOfferId = new Map(os.map((o) => [o.offer_id, o]));
      return ids.flatMap((id) => {
        const p = byId.get(id);
        return p ? [{ ...p, offer: byOfferId.get(p.offer_id) ?? null }] : [];
      });
    },
  );
  const one = async (id: number) => {
    const [p] = await productsWhere(db, eq(products.ID, id));
    if (!p) throw notFound('Product');
    return p;
  };
  /**
   * Stores a new product, a bundle of `items` when given. Without a `product_id` the order
   * platform creates it first (once the checks pass; outside the transaction: the local
   * implementation queries the same database) and the row is stored with the id it gave, beside
   * the platform's audit entry; a failure to store takes it back at the platform. A `product_id`
   * given by hand must name a product the platform has.
   * @returns the new row's ID.
   * @throws ApiError 409, 422 ({@link checkProduct}, {@link checkBundle}, {@link mustExistAtPlatform}); ProviderError.
   */
  const createProduct = async (body: ProductFormValues, userId: number, items?: { product_id: number; quantity: number }[]): Promise<number> => {
    const { platform } = deps.integrations;
    let created: PlatformCreated | null = null;
    if (body.product_id == null) {
      // Refuse what we would refuse before anything is sent.
      const platformItems = await db.transaction(async (tx) => {
        await checkProduct(tx, { ...body, product_id: null });
        return items && checkBundle(tx, body.offer_id, items);
      });
      created = await platform.createProduct(platformProduct(body, platformItems));
    } else {
      await mustExistAtPlatform(platform, body.product_id);
    }
    const product_id = body.product_id ?? created?.id ?? 0;
    return undoOnFailure(platform, 'product', created, () =>
      db.transaction(async (tx) => {
        await checkProduct(tx, { ...body, product_id });
        if (items) await checkBundle(tx, body.offer_id, items);
        const row = oneRow(
          await tx
            .insert(products)
            .values({ ...body, product_id, ...(items ? { bundle: items } : {}) })
            .returning({ ID: products.ID }),
          'products: returning',
        ).ID;
        const audit = created && platformAuditRow(platform.kind, created, userId);
        if (audit) await tx.insert(auditLogs).values(audit);
        return row;
      }),
    );
  };

  onList(
    app,
    'products.read',
    {
      contract: PRODUCT_ROUTES.list,
      operationId: 'listProducts',
      tags,
      summary: 'Products with their offer (ID, offer_id, name), searched, sorted and paged on the server (the products list, 001 §2)',
      description:
        'The products (each with its offer) matching `q`, sorted by `sort` (default: by offer, then product ID). With `page` or `per_page` the answer is one page; without them every matching product. The answer stays a JSON array; `X-Total-Count` says how many products match in all.',
      spec: PRODUCT_LIST,
      answered: 'The products (of the page)',
      example: LIST_EXAMPLE,
      errors: errors(401),
    },
    list,
  );

  onListCsv(app, 'products.read', {
    path: PRODUCT_ROUTES.export.path,
    operationId: 'exportProducts',
    tags,
    spec: PRODUCT_LIST,
    columns: PRODUCT_CSV,
    stem: 'products',
    read: list,
  });

  onGet(
    app,
    'products.read',
    {
      contract: PRODUCT_ROUTES.offerProducts,
      operationId: 'listOfferProducts',
      tags,
      summary: 'Products of an offer, by its platform offer_id (what funnel.offer holds)',
      answered: 'Products',
      errors: errors(404, 422),
    },
    async (id) => {
      const offer = await getOffer(db, id, 'offer_id');
      return offerProducts(db, offer.offer_id);
    },
  );

  onGet(
    app,
    'products.read',
    {
      contract: PRODUCT_ROUTES.get,
      operationId: 'getProduct',
      tags,
      summary: 'One product (the product detail view)',
      answered: 'The product',
      errors: errors(404, 422),
    },
    (id) => one(id),
  );

  on(
    app,
    'products.write',
    createRouteOf({
      contract: PRODUCT_ROUTES.create,
      operationId: 'createProduct',
      tags,
      summary: 'Create a product of an offer (product form)',
      description:
        'Without a `product_id` the product is created at the order platform first and stored here only once the platform ' +
        'acknowledged it, with its id; a refusing or unreachable platform answers 502/503 with its message and nothing is stored.',
      answered: 'The product',
      errors: errors(409, 422, PLATFORM_ERROR_DOCS),
    }),
    async (c) => c.json(await one(await createProduct(c.req.valid('json'), c.get('user').user_id)), 201),
  );

  on(
    app,
    'products.write',
    createRouteOf({
      contract: PRODUCT_ROUTES.bundle,
      operationId: 'createProductBundle',
      tags,
      summary: 'Create a bundle: one product made of ≥ 2 products of the same offer',
      description: 'Without a `product_id` the bundle is created at the order platform first, as a product create is.',
      answered: 'The bundle',
      errors: errors(409, 422, PLATFORM_ERROR_DOCS),
    }),
    async (c) => {
      const { items, ...body } = c.req.valid('json');
      return c.json(await one(await createProduct(body, c.get('user').user_id, items)), 201);
    },
  );

  on(
    app,
    'products.write',
    replaceRouteOf({
      contract: PRODUCT_ROUTES.update,
      operationId: 'updateProduct',
      tags,
      summary: 'Replace a product (its platform id stays unless given)',
      description:
        'The order platform is sent the new fields first (the price a buyer is charged is the one set here); a new product id given ' +
        'by hand must name a product the platform has, which is linked, not overwritten. A refusing or unreachable platform answers 502/503 with its message and nothing changes here; ' +
        'if storing here then fails, the platform is sent the previous fields back.',
      answered: 'The product',
      errors: errors(404, 409, 422, PLATFORM_ERROR_DOCS),
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const body = c.req.valid('json');
      const { platform } = deps.integrations;
      const prev = await rowById(db, products, id, 'Product');
      const product_id = body.product_id ?? prev.product_id;
      await db.transaction((tx) => checkProduct(tx, { ...body, product_id }, id));
      // A product id given by hand links a product the platform has, as a create with an id does: its
      // fields there are not overwritten. Otherwise the platform's product gets the new fields first.
      const relink = product_id !== prev.product_id;
      if (relink) await mustExistAtPlatform(platform, product_id);
      const sent = relink ? null : await platform.updateProduct(product_id, platformProduct(body));
      // Storing here failed: the platform's product gets its previous fields back.
      const restore = () => (sent?.sent ? platform.updateProduct(product_id, platformProduct(prev)).then(() => undefined) : Promise.resolve());
      await compensateOnFailure(restore, () =>
        db.transaction(async (tx) => {
          await rowById(tx, products, id, 'Product', true);
          await checkProduct(tx, { ...body, product_id }, id);
          await tx
            .update(products)
            .set({ ...body, product_id })
            .where(eq(products.ID, id));
          const audit = sent && platformAuditRow(platform.kind, sent, c.get('user').user_id);
          if (audit) await tx.insert(auditLogs).values(audit);
        }),
      );
      return c.json(await one(id), 200);
    },
  );

  onDelete(
    app,
    'products.write',
    {
      contract: PRODUCT_ROUTES.remove,
      operationId: 'deleteProduct',
      tags,
      summary: 'Delete a product no page offers',
      description:
        'Refused (409 `{ message, pages }`) while a page of a funnel on its offer, or of a live release, offers it in its packages or as ' +
        'its recurring product: nothing is unhooked silently.',
      errors: errors(404, 409, 422),
    },
    'Product',
    (id) =>
      deleteById(db, products, id, 'Product', async (tx, cur) => {
        refuseInUse(
          `Product ${cur.product_id} (${cur.name})`,
          await pagesUsingProduct(tx, cur.offer_id, cur.product_id),
          'Remove it from their Products panel (and publish) first',
        );
      }),
  );
});
