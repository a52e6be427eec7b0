/**
 * Page previews: the live preview of an unsaved page (POST /api/v1/preview, rendered by the
 * publish renderer on every edit) and the seed's preview of a published page by its URL
 * (GET /api/v1/preview?url=, 000 §2), fetched by the server so the browser never fetches
 * arbitrary hosts.
 */
import { createRoute } from '@hono/zod-openapi';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Page } from '../../model/index.ts';
import { bodyOf } from '../../model/contract.ts';
import { PREVIEW_ROUTES, PreviewUrlQuerySchema } from '../../model/contracts/preview.ts';
import type { Db } from '../db/index.ts';
import { domains, pages, releases, templates } from '../db/schema.ts';
import { ApiError, errors } from '../http.ts';
import { PreviewError, previewPage, type FunnelSiteLookup } from '../publish/page-preview.ts';
import type { WithReleases } from '../publish/release-store.ts';
import { renderPage } from '../publish/render.ts';
import { getFunnel } from '../repo.ts';
import { bearer, on, router, type Deps } from './common.ts';

const tags = ['Pages'];
const html = { content: { 'text/html': { schema: PREVIEW_ROUTES.published.answer } } };
/** A previewed document runs nothing and reaches nothing but its images, styles and fonts. */
const PREVIEW_CSP = "sandbox; default-src 'none'; img-src * data: blob:; style-src * 'unsafe-inline'; font-src * data:; media-src *";

/**
 * A host that is a domain of one of our funnels: where that funnel's live release is
 * (the most recently published live one; null when it has none), or null for any other host.
 */
const funnelSiteOf =
  (db: Db): FunnelSiteLookup =>
  async (host) => {
    const [domain] = await db
      .select({ funnel_id: domains.funnel_id })
      .from(domains)
      .where(and(eq(domains.name, host), isNotNull(domains.funnel_id)));
    if (domain?.funnel_id == null) return null;
    const [live] = await db
      .select({ site: releases.site })
      .from(releases)
      .where(and(eq(releases.funnel_id, domain.funnel_id), eq(releases.live, true)))
      .orderBy(desc(releases.CreatedAt), desc(releases.ID))
      .limit(1);
    return { site: live?.site ?? null };
  };

/** Preview routes. */
export function previewRoutes(deps: Deps & WithReleases) {
  const app = router();
  const { db, config } = deps;

  on(
    app,
    'pages.read',
    createRoute({
      method: PREVIEW_ROUTES.render.method,
      path: PREVIEW_ROUTES.render.path,
      operationId: 'renderPreview',
      tags,
      security: bearer,
      summary: 'Render an (unsaved) page as HTML with the publish renderer',
      request: { body: { content: { 'application/json': { schema: bodyOf(PREVIEW_ROUTES.render) } }, required: true } },
      responses: { 200: { content: { 'text/html': { schema: PREVIEW_ROUTES.render.answer } }, description: 'The rendered page' }, ...errors(401, 404, 422) },
    }),
    async (c) => {
      const { page } = c.req.valid('json');
      const funnel = await getFunnel(db, page.funnel_id);
      // Only what rendering needs: the template's layout and meta, the pages' paths (links).
      const [tpl] =
        page.template_id != null
          ? await db.select({ layout: templates.layout, meta: templates.meta }).from(templates).where(eq(templates.ID, page.template_id))
          : [];
      const paths = await db.select({ ID: pages.ID, page_path: pages.page_path }).from(pages).where(eq(pages.funnel_id, funnel.ID));
      const pagesById = new Map<number, Pick<Page, 'ID' | 'page_path'>>(paths.map((p) => [p.ID, p]));
      const path = page.page_path ?? (page.ID != null ? pagesById.get(page.ID)?.page_path : undefined) ?? '/';
      const html = await renderPage(
        {
          ID: page.ID ?? 0,
          name: page.name ?? '',
          page_type: page.page_type,
          page_path: path,
          page_id: page.page_id ?? null,
          page_alt_id: page.page_alt_id ?? null,
          split: (page.split ?? []) as Page['split'],
          meta: page.meta,
        },
        tpl ? { layout: tpl.layout, meta: tpl.meta } : null,
        funnel,
        { pagesById },
      );
      c.header('Cache-Control', 'no-store');
      c.header('X-Content-Type-Options', 'nosniff');
      return c.html(html, 200);
    },
  );

  on(
    app,
    'pages.read',
    createRoute({
      method: PREVIEW_ROUTES.published.method,
      path: PREVIEW_ROUTES.published.path,
      operationId: 'getPreview',
      tags,
      security: bearer,
      summary: 'A published page by URL, scripts removed, base address and preview styles injected (000 §2)',
      description:
        "Pages we publish are read from the live release — for a domain added to a funnel since its last publish, the funnel's live release (404 when the funnel was never published); other hosts are fetched only on public addresses (private and loopback refused), at most 5MB within 10 s.",
      request: { query: PreviewUrlQuerySchema },
      responses: { 200: { ...html, description: 'The page, ready for the preview frame' }, ...errors(401, 404, 413, 422, 502, 504) },
    }),
    async (c) => {
      try {
        const { html: page, url } = await previewPage(c.req.valid('query').url, {
          releases: deps.releases,
          publicUrl: config.publicUrl,
          funnelSite: funnelSiteOf(db),
        });
        c.header('Cache-Control', 'no-store');
        c.header('X-Content-Type-Options', 'nosniff');
        c.header('Content-Security-Policy', PREVIEW_CSP);
        c.header('Content-Location', url);
        return c.html(page, 200);
      } catch (e) {
        if (e instanceof PreviewError) throw new ApiError(e.status, e.message);
        throw e;
      }
    },
  );

  return app;
}
