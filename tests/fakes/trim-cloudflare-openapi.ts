/**
 * Trims Cloudflare's published OpenAPI document (the `cloudflare/api-schemas` repository,
 * BSD-3-Clause) to the operations the Cloudflare DNS provider uses, keeping every component
 * they reference. Writes tests/fakes/cloudflare-openapi.json, which the fake server
 * (tests/fakes/cloudflare.ts) validates requests and responses against.
 *
 * Usage: npx tsx tests/fakes/trim-cloudflare-openapi.ts <openapi.json> <commit> [out]
 */
import fs from 'node:fs';
import path from 'node:path';

/** The operations kept: path → methods (lower case). */
export const CLOUDFLARE_OPERATIONS: Record<string, string[]> = {
  '/zones': ['get', 'post'],
  '/zones/{zone_id}': ['get', 'delete'],
  '/zones/{zone_id}/dns_records': ['get', 'post'],
  '/zones/{zone_id}/dns_records/{dns_record_id}': ['get', 'put', 'patch', 'delete'],
  '/zones/{zone_id}/dns_records/batch': ['post'],
  '/zones/{zone_id}/settings/{setting_id}': ['get', 'patch'],
};

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Where the batch operation comes from when the source document predates it. */
export const BATCH_SOURCE = 'cloudflare/api-schemas openapi.json at commit c92b9b0fde23ae00fece2025662f96dc8e2d6283 (2026-07-27)';

/**
 * `POST /zones/{zone_id}/dns_records/batch` as Cloudflare publishes it ({@link BATCH_SOURCE}):
 * the operation, `dns-records_dns-request-batch-object` and `dns-records_dns_response_batch`.
 * The batch launched in November 2024, after commit cca3064 (August 2024), and no later
 * openapi.json could be read here whole (the file is too large for the stored snapshot), so the
 * operation and its components were copied from that commit's published definitions; the
 * record shapes inside them are cca3064's (`dns-records_dns-record-request` /
 * `dns-records_dns-record`), and a batch patch's fields are the record's fields, all optional.
 */
const BATCH_OPERATION: Json = {
  operationId: 'dns-records-for-a-zone-batch-dns-records',
  summary: 'Batch DNS Records',
  description:
    "Send a Batch of DNS Record API calls to be executed together.\n\nNotes:\n- Although Cloudflare will execute the batched operations in a single database transaction, Cloudflare's distributed KV store must treat each record change as a single key-value pair. This means that the propagation of changes is not atomic.\n- The operations you specify within the /batch request body are always executed in the following order: Deletes, Patches, Puts, Posts\n",
  parameters: [{ name: 'zone_id', in: 'path', required: true, schema: { $ref: '#/components/schemas/dns-records_identifier' } }],
  requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/dns-records_dns-request-batch-object' } } } },
  responses: {
    200: {
      description: 'Batch DNS Records response',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/dns-records_dns_response_batch' } } },
    },
    '4XX': {
      description: 'Batch DNS Records response failure',
      content: { 'application/json': { schema: { type: 'object', allOf: [{ $ref: '#/components/schemas/dns-records_api-response-common-failure' }] } } },
    },
  },
  security: [{ api_token: [] }, { api_email: [], api_key: [] }],
  tags: ['DNS Records for a Zone'],
  'x-cfPermissionsRequired': { enum: ['#dns_records:batch'] },
};
/**
 * A batch request's or answer's object: for each of deletes, patches, posts and puts (in the
 * order Cloudflare's schema lists them) an array of the schema `item(op)` names.
 */
const batchObject = (item: (op: string) => string): Json => ({
  type: 'object',
  properties: Object.fromEntries(
    [
      ['deletes', 'delete'],
      ['patches', 'patch'],
      ['posts', 'post'],
      ['puts', 'put'],
    ].map(([key, op]) => [key, { type: 'array', items: { $ref: `#/components/schemas/${item(op!)}` } }]),
  ),
});
const BATCH_SCHEMAS: Record<string, Json> = {
  'dns-records_dns-request-batch-object': batchObject((op) => `dns-records_dns-record-batch-${op}`),
  'dns-records_dns-record-batch-delete': { type: 'object', required: ['id'], properties: { id: { $ref: '#/components/schemas/dns-records_identifier' } } },
  'dns-records_dns-record-batch-patch': {
    type: 'object',
    required: ['id'],
    properties: {
      id: { $ref: '#/components/schemas/dns-records_identifier' },
      comment: { $ref: '#/components/schemas/dns-records_comment' },
      name: { $ref: '#/components/schemas/dns-records_name' },
      proxied: { $ref: '#/components/schemas/dns-records_proxied' },
      tags: { $ref: '#/components/schemas/dns-records_tags' },
      ttl: { $ref: '#/components/schemas/dns-records_ttl' },
      type: { $ref: '#/components/schemas/dns-records_type' },
      content: { type: 'string' },
      priority: { $ref: '#/components/schemas/dns-records_priority' },
    },
  },
  'dns-records_dns-record-batch-post': { $ref: '#/components/schemas/dns-records_dns-record-request' },
  'dns-records_dns-record-batch-put': {
    allOf: [
      { $ref: '#/components/schemas/dns-records_dns-record-request' },
      { type: 'object', required: ['id'], properties: { id: { $ref: '#/components/schemas/dns-records_identifier' } } },
    ],
  },
  'dns-records_dns-response-batch-object': batchObject(() => 'dns-records_dns-record'),
  'dns-records_dns_response_batch': {
    allOf: [
      { $ref: '#/components/schemas/dns-records_api-response-single' },
      { type: 'object', properties: { result: { $ref: '#/components/schemas/dns-records_dns-response-batch-object' } } },
    ],
  },
};

function main(): void {
  const [src, commit, out = path.join(import.meta.dirname, 'cloudflare-openapi.json')] = process.argv.slice(2);
  if (!src || !commit) throw new Error('usage: trim-cloudflare-openapi.ts <openapi.json> <commit> [out]');
  const doc = JSON.parse(fs.readFileSync(src, 'utf8')) as {
    openapi: string;
    info: Record<string, Json>;
    paths: Record<string, Record<string, Json>>;
    components: Record<string, Record<string, Json>>;
  };
  const paths: Record<string, Record<string, Json>> = {};
  let supplemented = false;
  for (const [p, methods] of Object.entries(CLOUDFLARE_OPERATIONS)) {
    let item = doc.paths[p];
    if (!item && p === '/zones/{zone_id}/dns_records/batch') {
      item = { post: BATCH_OPERATION };
      Object.assign(doc.components.schemas!, BATCH_SCHEMAS);
      supplemented = true;
    }
    if (!item) throw new Error(`${p} is not in the document`);
    paths[p] = Object.fromEntries(
      methods.map((m) => {
        const op = item[m];
        if (!op) throw new Error(`${m.toUpperCase()} ${p} is not in the document`);
        return [m, op];
      }),
    );
  }
  // Correction: the record schema lists response-only fields (id, proxiable, created_on,
  // modified_on) in `required`, and the create/overwrite operations use it as their request
  // body; Cloudflare's documented request examples send none of them. The request bodies get a
  // copy without that `required` (each record type still requires its own fields).
  const recordSchema = doc.components.schemas?.['dns-records_dns-record'] as { [k: string]: Json } | undefined;
  if (!recordSchema) throw new Error('dns-records_dns-record is not in the document');
  const { required: _responseOnly, ...recordRequest } = recordSchema;
  doc.components.schemas!['dns-records_dns-record-request'] = recordRequest;
  const corrections: string[] = [];
  for (const [p, m] of [
    ['/zones/{zone_id}/dns_records', 'post'],
    ['/zones/{zone_id}/dns_records/{dns_record_id}', 'put'],
    ['/zones/{zone_id}/dns_records/{dns_record_id}', 'patch'],
  ] as const) {
    const body = JSON.stringify((paths[p]?.[m] as { [k: string]: Json } | undefined)?.requestBody ?? null);
    if (body.includes('"#/components/schemas/dns-records_dns-record"')) {
      (paths[p]![m] as { [k: string]: Json }).requestBody = JSON.parse(
        body.replaceAll('"#/components/schemas/dns-records_dns-record"', '"#/components/schemas/dns-records_dns-record-request"'),
      ) as Json;
      corrections.push(`${m.toUpperCase()} ${p}`);
    }
  }
  // Correction: the DNS record operations' 4xx answers are `allOf` the success envelope
  // (`success: true` only) and the failure envelope (`success: false` only), which nothing can
  // match; they get the failure envelope alone, as the zone operations have.
  for (const [p, item] of Object.entries(paths)) {
    for (const [m, op] of Object.entries(item)) {
      for (const [status, r] of Object.entries(((op as { [k: string]: Json }).responses ?? {}) as { [k: string]: Json })) {
        const content = ((r as { [k: string]: Json }).content as { [k: string]: { schema?: Json } } | undefined)?.['application/json'];
        const all = (content?.schema as { allOf?: { $ref?: string }[] } | undefined)?.allOf;
        const failure = all?.find((x) => x.$ref?.endsWith('api-response-common-failure'));
        if (status.startsWith('4') && content && all && failure && all.length > 1) {
          content.schema = { $ref: failure.$ref as string };
          corrections.push(`${status} of ${m.toUpperCase()} ${p}`);
        }
      }
    }
  }
  const components: Record<string, Record<string, Json>> = {};
  const seen = new Set<string>();
  const walk = (v: Json): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && typeof x === 'string' && !seen.has(x)) {
        seen.add(x);
        const [, , section, name] = x.split('/') as [string, string, string, string];
        const target = doc.components[section]?.[name];
        if (target === undefined) throw new Error(`${x} is not in the document`);
        (components[section] ??= {})[name] = target;
        walk(target);
      } else walk(x);
    }
  };
  walk(paths);
  const trimmed = {
    openapi: doc.openapi,
    info: {
      ...doc.info,
      'x-source': `https://github.com/cloudflare/api-schemas (openapi.json at commit ${commit})`,
      'x-licence': 'BSD-3-Clause, Copyright (c) 2022, Cloudflare (https://github.com/cloudflare/api-schemas/blob/main/LICENSE)',
      'x-corrections': `The request bodies of ${corrections.filter((c) => !c.includes(' of ')).join(', ')} use dns-records_dns-record-request: dns-records_dns-record without its \`required\` list of response-only fields (id, proxiable, created_on, modified_on), which Cloudflare's documented requests do not send. The answers ${corrections.filter((c) => c.includes(' of ')).join(', ')} were allOf the success and the failure envelope (unsatisfiable): they are the failure envelope.`,
      ...(supplemented
        ? {
            'x-supplement': `POST /zones/{zone_id}/dns_records/batch is not in that commit: the operation and its request and response components are Cloudflare's as published in ${BATCH_SOURCE}, around cca3064's record shapes (tests/fakes/trim-cloudflare-openapi.ts).`,
          }
        : {}),
      'x-trimmed': `Only ${Object.entries(CLOUDFLARE_OPERATIONS)
        .map(([p, ms]) => `${ms.map((m) => m.toUpperCase()).join('/')} ${p}`)
        .join('; ')} and the components they reference (tests/fakes/trim-cloudflare-openapi.ts).`,
    },
    servers: [{ url: 'https://api.cloudflare.com/client/v4' }],
    paths,
    components: Object.fromEntries(
      Object.entries(components).map(([s, c]) => [s, Object.fromEntries(Object.entries(c).sort(([a], [b]) => a.localeCompare(b)))]),
    ),
  };
  fs.writeFileSync(out, `${JSON.stringify(trimmed, null, 1)}\n`);
  console.log(`wrote ${out}: ${Object.keys(paths).length} paths, ${seen.size} components`);
}

main();
