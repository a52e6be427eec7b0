/**
 * The ONE page renderer: the editor's live preview (POST /api/v1/preview) and publishing
 * both call {@link renderPage}, so what an operator previews is what gets published.
 * LiquidJS layouts in `./templates/<layout>.liquid`, output HTML-escaped by default.
 *
 * Source: src/server/README.md (templates are LiquidJS with data-edit marks).
 */
import { fileURLToPath } from 'node:url';
import { Liquid } from 'liquidjs';
import { PAGE_PATH_RE, PageRedirectSchema, pageHasSetting, type Funnel, type Page, type Template } from '../../model/index.ts';
import { DEFAULT_META, LAYOUT_BY_PAGE_TYPE, LAYOUTS, type Layout } from './defaults.ts';
import { prepareFilters, registerFilters } from './filters.ts';
import { pageView } from './view.ts';
import { localizeDefaults, wordsFor } from './words.ts';

/** Directory of the layout files. */
export const TEMPLATES_DIR = fileURLToPath(new URL('./templates', import.meta.url));

const COLORS: Record<string, { main: string; dark: string; soft: string }> = {
  blue: { main: '#2563eb', dark: '#1d4ed8', soft: '#eff4ff' },
  green: { main: '#15803d', dark: '#166534', soft: '#ecfdf3' },
  orange: { main: '#ea580c', dark: '#c2410c', soft: '#fff4ec' },
};

const engine = new Liquid({
  root: TEMPLATES_DIR,
  extname: '.liquid',
  outputEscape: 'escape',
  strictFilters: true,
  cache: true,
  ownPropertyOnly: true,
});

registerFilters(engine);

/**
 * Relative URL from page path `from` to page path `to` (both '/…/'), so links work both at
 * the site root (Host header) and under `/sites/<domain>/`.
 * @example relativeLink('/checkout/', '/upsell1/') === '../upsell1/'
 */
export function relativeLink(from: string, to: string): string {
  const depth = from.split('/').filter(Boolean).length;
  const target = to.replace(/^\//, '');
  return '../'.repeat(depth) + target || './';
}

/** Which layout file renders a page: its template's layout, else one by page type. */
export function layoutFor(page: Pick<Page, 'page_type'>, template: Pick<Template, 'layout'> | null): Layout {
  const l = template?.layout;
  if (l && (LAYOUTS as readonly string[]).includes(l)) return l as Layout;
  return LAYOUT_BY_PAGE_TYPE[page.page_type] ?? 'presell';
}

/** What {@link renderPage} needs besides the page: the funnel's other pages (for links). */
export interface RenderContext {
  pagesById: Map<number, Pick<Page, 'ID' | 'page_path'>>;
}

/**
 * Renders one page to a complete HTML document.
 * `page.meta` wins over the template's default meta key by key; links to `page_id` and
 * `page_alt_id` become relative URLs of their `page_path`, as does the Skip Page path
 * (`skipPagePath`, 000 §3). What the page-editor settings show is worked out by
 * {@link pageView} and given to the layouts as `view`. The funnel's details (000 §3) reach every
 * page: logo and white logo, the GTM, OPT and UA analytics snippets, the affiliate banners
 * (shown by `affid`, 000 §9); the checkout shows the Cloudflare Turnstile widget of
 * `cf_site_key` (never the secret), thank-you pages the manual. The layouts' own words are the
 * funnel language's (`w`, ./words.ts; English for an unknown language).
 * @throws Error when the layout file is missing or the Liquid source does not parse.
 */
export async function renderPage(
  page: Pick<Page, 'ID' | 'name' | 'page_type' | 'page_path' | 'page_id' | 'page_alt_id' | 'split' | 'meta'>,
  template: Pick<Template, 'layout' | 'meta'> | null,
  funnel: Pick<Funnel, 'ID' | 'name' | 'currency' | 'language' | 'cs_email' | 'cs_number' | 'details' | 'page_id'> & { countries?: readonly string[] },
  ctx: RenderContext,
): Promise<string> {
  await prepareFilters();
  const layout = layoutFor(page, template);
  const defaults = template?.meta ?? (layout === 'split' ? {} : DEFAULT_META[layout]);
  // The page's own words in the funnel's language (000 §9), English when unknown; default texts too.
  const w = wordsFor(funnel.language);
  const meta = localizeDefaults({ ...defaults, ...page.meta }, w);
  const link = (id: number | null) => {
    const target = id != null ? ctx.pagesById.get(id) : undefined;
    return target ? relativeLink(page.page_path, target.page_path) : '';
  };
  const skipPath = typeof meta.skipPagePath === 'string' && PAGE_PATH_RE.test(meta.skipPagePath) ? meta.skipPagePath : '';
  // Skip Page acts only on the page types that offer it (src/model/page-panels.ts): elsewhere the editor cannot switch it off.
  const skipPage = skipPath && pageHasSetting(page.page_type, 'skipPage') ? relativeLink(page.page_path, skipPath) : '';
  // Redirect (001 §3 meta redirect{path, ef}): a path of the site becomes a relative link, an
  // http(s) address stays as it is; with `ef` the visitor's query string goes along.
  const red = PageRedirectSchema.safeParse(meta.redirect);
  const redirect =
    red.success && red.data.path
      ? { url: PAGE_PATH_RE.test(red.data.path) ? relativeLink(page.page_path, red.data.path) || './' : red.data.path, keepQuery: red.data.ef === true }
      : null;
  const color = (typeof meta.main_color === 'string' ? COLORS[meta.main_color] : undefined) ?? COLORS.blue;
  // liquidjs types the output `any`; without `keepOutputType` it is the rendered text.
  const html: unknown = engine.renderFileSync(
    layout,
    {
      page: { ID: page.ID, name: page.name, page_type: page.page_type, page_path: page.page_path, split: page.split ?? [] },
      meta,
      funnel: {
        ID: funnel.ID,
        name: funnel.name,
        currency: funnel.currency,
        language: funnel.language,
        cs_email: funnel.cs_email,
        cs_number: funnel.cs_number,
        details: funnel.details,
      },
      currency: funnel.currency,
      language: funnel.language,
      links: { next: link(page.page_id), skip: link(page.page_alt_id) || link(page.page_id), home: link(funnel.page_id), skipPage },
      view: pageView(meta, skipPage !== '', funnel.countries?.[0] ?? ''),
      redirect,
      color,
      year: new Date().getUTCFullYear(),
    },
    { globals: { w, lang: funnel.language } },
  );
  return String(html);
}
