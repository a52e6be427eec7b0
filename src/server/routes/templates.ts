/**
 * Page templates (001 §7): list and read, plus replace and JSON Patch of a template's
 * document (its meta is edited in the template editor).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { asc } from 'drizzle-orm';
import { TemplateSchema } from '../../model/index.ts';
import { templates } from '../db/schema.ts';
import { TEMPLATE_DOC } from '../documents.ts';
import { errors, etagOf } from '../http.ts';
import { getTemplate, toTemplate } from '../repo.ts';
import { bearer, IdParams, on, router, WriteHeaders, type Deps } from './common.ts';
import { JsonPatchSchema, patchDocument, putDocument } from './patch.ts';

const TemplateDoc = TemplateSchema.extend({}).openapi('Template');
const TemplatePutBody = TemplateSchema.omit({ ID: true, version: true }).partial().openapi('TemplateUpdate');
const tags = ['Templates'];
const json = <T extends z.ZodType>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });

/** Template routes. */
export function templateRoutes(deps: Deps) {
  const app = router();
  const { db } = deps;

  on(app, createRoute({
    method: 'get', path: '/api/v1/templates', tags, security: bearer, summary: 'All templates (archived ones are the "stashed" tab)',
    responses: { 200: json(z.array(TemplateDoc), 'Templates'), ...errors(401) },
  }), async (c) => c.json((await db.select().from(templates).orderBy(asc(templates.ID))).map(toTemplate), 200));

  on(app, createRoute({
    method: 'get', path: '/api/v1/templates/{id}', tags, security: bearer, summary: 'One template (ETag = version)',
    request: { params: IdParams }, responses: { 200: json(TemplateDoc, 'The template'), ...errors(401, 404) },
  }), async (c) => {
    const t = await getTemplate(db, c.req.valid('param').id);
    return c.json(t, 200, { ETag: etagOf(t.version) });
  });

  on(app, createRoute({
    method: 'put', path: '/api/v1/templates/{id}', tags, security: bearer, summary: 'Replace the given members of a template (If-Match optional)',
    request: { params: IdParams, headers: WriteHeaders, body: { content: { 'application/json': { schema: TemplatePutBody } }, required: true } },
    responses: { 200: json(TemplateDoc, 'The saved template'), ...errors(401, 404, 412, 422) },
  }), async (c) => putDocument(c, deps, TEMPLATE_DOC, c.req.valid('param').id, c.req.valid('json')));

  on(app, createRoute({
    method: 'patch', path: '/api/v1/templates/{id}', tags, security: bearer, summary: 'Apply an RFC 6902 JSON Patch to the template (If-Match required)',
    request: { params: IdParams, headers: WriteHeaders, body: { content: { 'application/json-patch+json': { schema: JsonPatchSchema } }, required: true } },
    responses: { 200: json(TemplateDoc, 'The saved template'), ...errors(400, 401, 404, 412, 422, 428) },
  }), async (c) => patchDocument(c, deps, TEMPLATE_DOC, c.req.valid('param').id));

  return app;
}
