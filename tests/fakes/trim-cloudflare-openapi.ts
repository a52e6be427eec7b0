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
  '/zones/{zone_id}/settings/{setting_id}': ['get', 'patch'],
};

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function main(): void {
  const [src, commit, out = path.join(import.meta.dirname, 'cloudflare-openapi.json')] = process.argv.slice(2);
  if (!src || !commit) throw new Error('usage: trim-cloudflare-openapi.ts <openapi.json> <commit> [out]');
  const doc = JSON.parse(fs.readFileSync(src, 'utf8')) as { openapi: string; info: Record<string, Json>; paths: Record<string, Record<string, Json>>; components: Record<string, Record<string, Json>> };
  const paths: Record<string, Record<string, Json>> = {};
  for (const [p, methods] of Object.entries(CLOUDFLARE_OPERATIONS)) {
    const item = doc.paths[p];
    if (!item) throw new Error(`${p} is not in the document`);
    paths[p] = Object.fromEntries(methods.map((m) => {
      const op = item[m];
      if (!op) throw new Error(`${m.toUpperCase()} ${p} is not in the document`);
      return [m, op];
    }));
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
  for (const [p, m] of [['/zones/{zone_id}/dns_records', 'post'], ['/zones/{zone_id}/dns_records/{dns_record_id}', 'put'], ['/zones/{zone_id}/dns_records/{dns_record_id}', 'patch']] as const) {
    const body = JSON.stringify((paths[p]?.[m] as { [k: string]: Json } | undefined)?.requestBody ?? null);
    if (body.includes('"#/components/schemas/dns-records_dns-record"')) {
      (paths[p]![m] as { [k: string]: Json }).requestBody = JSON.parse(body.replaceAll('"#/components/schemas/dns-records_dns-record"', '"#/components/schemas/dns-records_dns-record-request"')) as Json;
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
      'x-trimmed': `Only ${Object.entries(CLOUDFLARE_OPERATIONS).map(([p, ms]) => `${ms.map((m) => m.toUpperCase()).join('/')} ${p}`).join('; ')} and the components they reference (tests/fakes/trim-cloudflare-openapi.ts).`,
    },
    servers: [{ url: 'https://api.cloudflare.com/client/v4' }],
    paths,
    components: Object.fromEntries(Object.entries(components).map(([s, c]) => [s, Object.fromEntries(Object.entries(c).sort(([a], [b]) => a.localeCompare(b)))])),
  };
  fs.writeFileSync(out, `${JSON.stringify(trimmed, null, 1)}\n`);
  console.log(`wrote ${out}: ${Object.keys(paths).length} paths, ${seen.size} components`);
}

main();
