/**
 * The stories' API (`.storybook/handlers.ts`, built from tests/fixtures/demo.ts) answers in the
 * shapes the real server does: every fixture an msw handler returns parses with the schema the
 * SPA parses that answer with ("API responses are parsed, not cast"), so a story never
 * passes against an API that does not exist.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as fx from '../../fixtures/demo.ts';
import {
  AuditLogSchema,
  FunnelListItemSchema,
  FunnelSchema,
  ImageSchema,
  OfferSchema,
  PageSchema,
  ProductOutSchema,
  TemplateSchema,
} from '../../../src/model/index.ts';

const answers: [string, z.ZodType, unknown][] = [
  ['GET /api/v1/offers', z.array(OfferSchema), fx.offers],
  ['GET /api/v1/products/offer/{id}', z.array(ProductOutSchema), fx.products],
  ['GET /api/v1/templates', z.array(TemplateSchema), fx.templates],
  ['GET /api/v1/funnels', z.array(FunnelListItemSchema), [fx.funnelRow]],
  ['GET /api/v1/funnels/{id}', FunnelSchema, fx.funnel],
  ['GET /api/v1/funnels/{id}/audit_log', z.array(AuditLogSchema), fx.auditLog],
  [
    'GET /api/v1/pages/{id}',
    z.array(PageSchema),
    [...fx.pages, fx.emptyCheckoutPage, fx.extrasEmptyPage, fx.extrasFilledPage, fx.contentEmptyPage, fx.contentFilledPage],
  ],
  ['GET /api/v1/images/{funnelId}', z.array(ImageSchema), fx.galleryImages],
];

describe('story fixtures answer as the server does', () => {
  it.each(answers)('%s', (_what, schema, value) => {
    const r = schema.safeParse(value);
    expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });
});
