/**
 * The route list and what it documents: {@link ROUTE_FILES} names every file of routes/ that
 * declares operations, with its `<name>.examples.ts` beside it (request and answer examples,
 * error messages, field descriptions). {@link on} adds the examples to each route's request
 * body and 2xx responses and the errors to its error responses; fields.ts registers the field
 * descriptions. `redocly lint` (tests/api/openapi.test.ts) checks each example against its
 * schema, that no operation lacks one, and that each file documents only its own operations;
 * the bad-input tests take each listed file's cases from tests/api/bad-input/<name>.ts.
 */
import { DOCS as system } from './system.examples.ts';
import { DOCS as analytics } from './analytics.examples.ts';
import { DOCS as funnels } from './funnels.examples.ts';
import { DOCS as funnelBulk } from './funnel-bulk.examples.ts';
import { DOCS as pages } from './pages.examples.ts';
import { DOCS as preview } from './preview.examples.ts';
import { DOCS as publish } from './publish.examples.ts';
import { DOCS as templates } from './templates.examples.ts';
import { DOCS as offers } from './offers.examples.ts';
import { DOCS as products } from './products.examples.ts';
import { DOCS as audit } from './audit.examples.ts';
import { DOCS as deletedFunnels } from './deleted-funnels.examples.ts';
import { DOCS as campaigns } from './campaigns.examples.ts';
import { DOCS as categories } from './categories.examples.ts';
import { DOCS as domains } from './domains.examples.ts';
import { DOCS as dns } from './dns.examples.ts';
import { DOCS as shippings } from './shippings.examples.ts';
import { DOCS as users } from './users.examples.ts';
import { DOCS as dashboard } from './dashboard.examples.ts';
import { DOCS as blockers } from './blockers.examples.ts';
import { DOCS as pixels } from './pixels.examples.ts';
import { DOCS as scrubs } from './scrubs.examples.ts';
import { DOCS as orders } from './orders.examples.ts';
import { DOCS as images } from './images.examples.ts';
import { DOCS as csv } from './csv.examples.ts';
import { DOCS as live } from './live.examples.ts';
import { DOCS as search } from './search.examples.ts';

/** The request body and 2xx answer examples of one operation. */
export interface OperationExamples {
  /** Example request body (every media type of the body). */
  request?: unknown;
  /** Example 2xx answer (every 2xx status and media type of the operation). */
  response?: unknown;
}

/** Error messages an operation answers, by status: the seeds' wording (MSG) where they give one. */
export type OperationErrors = Record<number, string[]>;

/** What one route file documents, kept beside it as `routes/<name>.examples.ts` (export `DOCS`). */
export interface RouteFileDocs {
  /** The OpenAPI tags this file's routes introduce, with what each groups (a tag is declared once, by the first file of the route list to use it). */
  tags?: { name: string; description: string }[];
  /** Request and 2xx answer examples, by operationId (taken from the demo data as the API answers it). */
  examples: Record<string, OperationExamples>;
  /** Error messages by operationId, where they say more than the status's generic example. */
  errors?: Record<string, OperationErrors>;
  /** Descriptions of the model schemas' fields by `ExportName.field`, where the field's meaning depends on the schema. */
  fields?: Record<string, string>;
}

/**
 * The route list: every route file by its name under routes/ (`funnels` is routes/funnels.ts),
 * with what it documents. A new route file is one entry here (and its mount in app.ts).
 */
export const ROUTE_FILES: Record<string, RouteFileDocs> = {
  system,
  funnels,
  'funnel-bulk': funnelBulk,
  pages,
  preview,
  publish,
  templates,
  offers,
  products,
  audit,
  'deleted-funnels': deletedFunnels,
  campaigns,
  categories,
  domains,
  dns,
  shippings,
  users,
  dashboard,
  blockers,
  pixels,
  scrubs,
  orders,
  images,
  csv,
  live,
  search,
  analytics,
};

/**
 * One table of every route file, merged. Two files naming one key is a mistake (the second
 * would silently win), so it throws at load.
 * @throws Error naming the key and the two files.
 */
function merged<T>(table: (docs: RouteFileDocs) => Record<string, T> | undefined): Record<string, T> {
  const out: Record<string, T> = {};
  const from: Record<string, string> = {};
  for (const [file, docs] of Object.entries(ROUTE_FILES)) {
    for (const [key, value] of Object.entries(table(docs) ?? {})) {
      if (key in out) throw new Error(`${key} is documented by both ${from[key]} and ${file}`);
      out[key] = value;
      from[key] = file;
    }
  }
  return out;
}

/** Examples by operationId, of every route file. */
export const OPERATION_EXAMPLES: Record<string, OperationExamples> = merged((d) => d.examples);
/** The messages each operation answers with an error status, by operationId: documented as that response's examples and description by {@link on}. */
export const OPERATION_ERRORS: Record<string, OperationErrors> = merged((d) => d.errors);
/** Field descriptions by `ExportName.field`, of every route file (fields.ts registers them). */
export const SCHEMA_FIELD_DESCRIPTIONS: Record<string, string> = merged((d) => d.fields);
