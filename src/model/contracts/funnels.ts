/**
 * The funnel routes (000 §7 "Funnels"; 001 §2 funnel list, §7) as both sides know them: the
 * list, one funnel, create, delete, clone, lock and archive (field descriptions: the server's
 * fields.ts, so the list's chunk does not carry them). Edits of a funnel are JSON-Patch
 * writes of its document (`PATCH /api/v1/funnels/{id}`, src/api/client.ts).
 */
import { z } from 'zod';
import { ProductOutSchema } from '../catalog';
import { contract, DeletedSchema } from '../contract';
import { DOC_PATHS } from './paths';
import { CloneFunnelSchema, FunnelDetailsSchema, FunnelListItemSchema, FunnelSchema, NewFunnelSchema } from '../funnel';

/**
 * The list's query (001 §2, searched, filtered, sorted and paged on the server; every member
 * optional, sent as text). The server checks each with its own sentence (422).
 */
export const FunnelListQuerySchema = z.object({
  q: z.string().optional(),
  status: z.string().optional(),
  platform: z.string().optional(),
  offer: z.string().optional(),
  locked: z.string().optional(),
  archived: z.string().optional(),
  domain: z.string().optional(),
  sort: z.string().optional(),
  page: z.string().optional(),
  per_page: z.string().optional(),
});

/** `POST /api/v1/funnels`: name and offer (001 §5) and, optionally, any other member (the rest defaults). */
export const NewFunnelBodySchema = NewFunnelSchema.extend(
  FunnelSchema.pick({ currency: true, language: true, countries: true, cs_number: true, cs_email: true, publish_status: true }).partial().shape,
)
  .extend({ details: FunnelDetailsSchema.partial().optional() })
  .meta({ id: 'NewFunnel' });

/** `PUT /api/v1/funnels/{id}/lock`. */
export const LockBodySchema = z.object({ locked: z.boolean({ error: 'Locked must be true or false' }) }).meta({ id: 'LockBody' });
/** `PUT /api/v1/funnels/{id}/archive`. */
export const ArchiveBodySchema = z
  .object({ archived: z.boolean({ error: 'Archived must be true or false' }) })
  .meta({ id: 'ArchiveBody', example: { archived: true } });

/** The funnel routes; `{id}` is the funnel's ID. */
export const FUNNEL_ROUTES = {
  /** One page of the list (`X-Total-Count`: how many match); without `per_page` every matching funnel. */
  list: contract({ method: 'get', path: '/api/v1/funnels', query: FunnelListQuerySchema, answer: z.array(FunnelListItemSchema) }),
  /** The funnel document (ETag = version). */
  get: contract({ method: 'get', path: DOC_PATHS.funnel, answer: FunnelSchema }),
  /** The New funnel form (and the build wizard) creates a funnel. */
  create: contract({ method: 'post', path: '/api/v1/funnels', body: NewFunnelBodySchema, answer: FunnelSchema, status: 201 }),
  /** Deletes the funnel with its pages; its log and a tombstone are kept (423 while locked). */
  remove: contract({ method: 'delete', path: '/api/v1/funnels/{id}', answer: DeletedSchema }),
  /** A copy with its pages, campaigns, pixels and scrubs under a new name. */
  clone: contract({ method: 'post', path: '/api/v1/funnels/{id}/clone', body: CloneFunnelSchema, answer: FunnelSchema, status: 201 }),
  /** Locks or unlocks the funnel. */
  lock: contract({ method: 'put', path: '/api/v1/funnels/{id}/lock', body: LockBodySchema, answer: FunnelSchema }),
  /** Archives the funnel (it leaves the default list) or restores it. */
  archive: contract({ method: 'put', path: '/api/v1/funnels/{id}/archive', body: ArchiveBodySchema, answer: FunnelSchema }),
  /** The products of the funnel's offer (404 when the offer is gone). */
  products: contract({ method: 'get', path: '/api/v1/funnels/{id}/products', answer: z.array(ProductOutSchema) }),
};
