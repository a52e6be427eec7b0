/**
 * The seed's page preview (000 §2: "A page preview fetches the page's HTML by URL, removes
 * script blocks, and injects a base address and styles"), done by the server so the browser
 * never fetches arbitrary hosts. Pages we publish ourselves are read from the live
 * release on disk, with our `/sites/<domain>/` address as their base — so is a domain of one of
 * our funnels that has no release of its own yet (added since the funnel's last publish, issue
 * 27): the funnel's live release is read wherever it is published (its `funnel-<id>.localhost`
 * site until the next publish), and a funnel never published is said so in words instead of
 * being fetched from a name that may resolve nowhere. Any other host is fetched over http(s) only when every address it
 * resolves to is public unicast — private, loopback, link-local, multicast and reserved
 * addresses are refused (SSRF), and the connection is pinned to the checked address so a
 * second DNS answer cannot point elsewhere (DNS rebinding). Redirects are followed by hand,
 * each target checked again.
 */
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isPreviewableUrl, PREVIEW_MSG } from '../../model/index.ts';
import { serverDom } from '../dom.ts';
import type { ReleaseStore } from './release-store.ts';
import { hasLiveSite, readSiteFile } from './sites.ts';

/** Largest page accepted (bytes). */
export const PREVIEW_MAX_BYTES = 5 * 1024 * 1024;
/** Time allowed for the whole fetch, redirects included (ms). */
export const PREVIEW_TIMEOUT_MS = 10_000;
/** Redirects followed at most. */
export const PREVIEW_MAX_REDIRECTS = 5;

/** Why a preview failed: `status` is the HTTP status the API answers with. */
export class PreviewError extends Error {
  constructor(
    readonly status: 404 | 413 | 422 | 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The IPv4 addresses an IPv6 address carries, or null when it is not one of the forms that
 * embed IPv4 (an IPv4 address itself is not "embedded": null). Forms, by prefix:
 * - `::ffff:0:0/96` IPv4-mapped and `::/96` IPv4-compatible (RFC 4291 §2.5.5), dotted or hex;
 * - `::ffff:0:0:0/96` IPv4-translated (RFC 6145);
 * - `2002::/16` 6to4 (RFC 3056): bits 16–47;
 * - `64:ff9b::/96` NAT64 well-known prefix (RFC 6052): the last 32 bits;
 * - `64:ff9b:1::/48` local-use NAT64 (RFC 8215) with the RFC 6052 /48 layout: bits 48–63 and
 *   72–87 (bits 64–71, the "u" octet, must be 0; otherwise `[]`: it carries nothing valid);
 * - `2001::/32` Teredo (RFC 4380): the server in bits 32–63 and the client, inverted, in the
 *   last 32 bits — both returned.
 * Pure: no DNS, no network. Invalid text: null.
 */
export function embeddedIPv4(address: string): string[] | null {
  if (!ipaddr.IPv6.isValid(address) || address.includes('%')) return null;
  const b = ipaddr.IPv6.parse(address).toByteArray();
  const v4 = (x: number[]) => x.join('.');
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const last = v4(b.slice(12, 16));
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return [last]; // ::ffff:a.b.c.d
  if (zero(0, 12)) return [last]; // ::a.b.c.d (also :: and ::1, judged as 0.0.0.0 / 0.0.0.1)
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && zero(10, 12)) return [last]; // ::ffff:0:a.b.c.d
  if (b[0] === 0x20 && b[1] === 0x02) return [v4(b.slice(2, 6))]; // 2002:V4::/48
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) {
    if (zero(4, 12)) return [last]; // 64:ff9b::/96
    if (b[4] === 0x00 && b[5] === 0x01) return b[8] === 0 ? [v4([...b.slice(6, 8), ...b.slice(9, 11)])] : []; // 64:ff9b:1::/48
  }
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x00 && b[3] === 0x00) {
    return [v4(b.slice(4, 8)), v4(b.slice(12, 16).map((x) => x ^ 0xff))]; // Teredo: server, ~client
  }
  return null;
}

/**
 * True when `address` (IPv4 or IPv6 text) is public unicast: an IPv4 address in ipaddr.js's
 * `unicast` range; an IPv6 address that embeds IPv4 ({@link embeddedIPv4}: mapped,
 * compatible, translated, 6to4, NAT64, Teredo) only when every IPv4 address it carries is;
 * any other IPv6 address in the `unicast` range. Zone ids (`fe80::1%eth0`) are refused.
 * Pure: no DNS, no network.
 */
export function isPublicAddress(address: string): boolean {
  if (typeof address !== 'string' || address.includes('%') || !ipaddr.isValid(address)) return false;
  if (ipaddr.IPv4.isValid(address)) {
    // Only the four-part dotted form: '127.1' or '0x7f.1' are addresses to ipaddr.js too.
    if (!ipaddr.IPv4.isValidFourPartDecimal(address)) return false;
    return ipaddr.IPv4.parse(address).range() === 'unicast';
  }
  const embedded = embeddedIPv4(address);
  if (embedded !== null) return embedded.length > 0 && embedded.every((a) => ipaddr.IPv4.parse(a).range() === 'unicast');
  return ipaddr.IPv6.parse(address).range() === 'unicast';
}

/** Said for a domain of one of our funnels that has never been published (404). */
export const PREVIEW_NOT_YET_PUBLISHED = 'This funnel is not published yet: publish it, then its pages show here';

/**
 * What a host is to us when it has no live site of its own: a domain of one of our funnels
 * (`site`: where that funnel's live release is, null when it has none), or null when it is not ours.
 */
export type FunnelSiteLookup = (host: string) => Promise<{ site: string | null } | null>;

/** Where a preview's page comes from. */
export interface PreviewDeps {
  /** The published sites (release-store.ts); absent: none here, only other hosts are fetched. */
  releases?: ReleaseStore;
  /** The admin's own origin, e.g. `http://127.0.0.1:3000` (its `/sites/<site>/…` pages are ours). */
  publicUrl: string;
  /** Which resolved addresses may be fetched (default {@link isPublicAddress}; tests widen it). */
  isAllowedAddress?: (address: string) => boolean;
  /** Our funnels' domains without a live site of their own (the route reads the database); absent: none. */
  funnelSite?: FunnelSiteLookup;
}

/** A page ready for the preview frame. */
export interface PagePreview {
  /** The HTML with scripts removed, `<base href>` and the preview styles injected. */
  html: string;
  /** The address the HTML came from after redirects (the base address). */
  url: string;
}

/** Styles injected into every previewed page: it is looked at, not used. */
export const PREVIEW_STYLES = 'a,button,input,select,textarea,label{pointer-events:none!important}html{scroll-behavior:auto}';

/**
 * Fetches the page at `rawUrl` and prepares it for the preview frame.
 * @throws PreviewError — 422 for a bad or refused URL, 404 when the page is not there (or its
 * funnel was never published: {@link PREVIEW_NOT_YET_PUBLISHED}),
 * 413 over {@link PREVIEW_MAX_BYTES}, 502 when the host fails, 504 on timeout.
 */
export async function previewPage(rawUrl: string, deps: PreviewDeps): Promise<PagePreview> {
  const url = parseHttpUrl(rawUrl);
  const own = (await ownSitePath(url, deps)) ?? (await funnelSitePath(url, deps));
  let html: string;
  let finalUrl = url;
  if (own) {
    const body = deps.releases ? await readSiteFile(deps.releases, own.site, own.rest) : null;
    if (body === null) throw new PreviewError(404, PREVIEW_MSG.notPublished);
    html = body.toString('utf8');
    // Its files are served here too, whether or not the domain points at us yet.
    finalUrl = new URL(`${deps.publicUrl}/sites/${own.site}${own.rest}`);
  } else {
    const got = await fetchGuarded(url, deps.isAllowedAddress ?? isPublicAddress);
    html = got.html;
    finalUrl = got.url;
  }
  return { html: await cleanPage(html, finalUrl.href), url: finalUrl.href };
}

/** @throws PreviewError 422 unless `raw` is an absolute http(s) URL without credentials. */
function parseHttpUrl(raw: string): URL {
  if (!isPreviewableUrl(raw)) throw new PreviewError(422, PREVIEW_MSG.url);
  return new URL(raw.trim());
}

/**
 * The published site and path `url` names when it is one of ours: `<publicUrl>/sites/<site>/…`,
 * or a host we publish (`<site>/…`, served from SITES_DIR). Any other path of our own origin
 * is refused: the preview is not a way into our API.
 * @throws PreviewError 422 for our own origin outside `/sites/`.
 */
async function ownSitePath(url: URL, deps: PreviewDeps): Promise<{ site: string; rest: string } | null> {
  if (url.origin === new URL(deps.publicUrl).origin) {
    const [, site, rest] = /^\/sites\/([^/]+)(\/.*)?$/.exec(url.pathname) ?? [];
    if (!site) throw new PreviewError(422, PREVIEW_MSG.refused);
    return { site: site.toLowerCase(), rest: rest ?? '/' };
  }
  const host = url.hostname.toLowerCase();
  if (deps.releases && (await hasLiveSite(deps.releases, host))) return { site: host, rest: url.pathname };
  return null;
}

/**
 * The live release of the funnel whose domain `url` names, when that domain has no site of its
 * own yet. @throws PreviewError 404 ({@link PREVIEW_NOT_YET_PUBLISHED}) when the funnel has none.
 */
async function funnelSitePath(url: URL, deps: PreviewDeps): Promise<{ site: string; rest: string } | null> {
  const found = deps.funnelSite ? await deps.funnelSite(url.hostname.toLowerCase()) : null;
  if (!found) return null;
  if (!found.site || !deps.releases || !(await hasLiveSite(deps.releases, found.site))) throw new PreviewError(404, PREVIEW_NOT_YET_PUBLISHED);
  return { site: found.site, rest: url.pathname };
}

/** One HTTP GET on an already checked address. */
function getOnce(url: URL, address: string, family: number, signal: AbortSignal): Promise<http.IncomingMessage> {
  // Connect to the checked address whatever DNS says now; TLS still verifies the host name.
  const lookup: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else cb(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { lookup, signal, headers: { Accept: 'text/html,application/xhtml+xml', 'User-Agent': 'FunnelAdmin-Preview/1' } }, resolve);
    req.on('error', reject);
  });
}

/**
 * Every address `host` resolves to; the time limit covers DNS too (a resolver that does not
 * answer would otherwise hold the request past {@link PREVIEW_TIMEOUT_MS}).
 * @throws PreviewError 422 when the host does not resolve; the abort reason on timeout.
 */
function resolve(host: string, signal: AbortSignal): Promise<{ address: string; family: number }[]> {
  return new Promise((ok, fail) => {
    // The timeout's reason is a DOMException (an Error); fetchGuarded turns it into a 504.
    const onAbort = () => fail(signal.reason instanceof Error ? signal.reason : new Error('The preview request was aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    dns.lookup(host, { all: true }).then(
      (a) => {
        signal.removeEventListener('abort', onAbort);
        ok(a);
      },
      () => {
        signal.removeEventListener('abort', onAbort);
        fail(new PreviewError(422, PREVIEW_MSG.unreachable));
      },
    );
  });
}

/**
 * GETs `start`, following redirects, each host resolved and every address checked with
 * `allowed` before connecting. Reads at most {@link PREVIEW_MAX_BYTES}.
 * @throws PreviewError as {@link previewPage} says.
 */
async function fetchGuarded(start: URL, allowed: (a: string) => boolean): Promise<{ html: string; url: URL }> {
  const signal = AbortSignal.timeout(PREVIEW_TIMEOUT_MS);
  let url = start;
  try {
    for (let hop = 0; ; hop++) {
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const addresses = ipaddr.isValid(host) ? [{ address: host, family: host.includes(':') ? 6 : 4 }] : await resolve(host, signal);
      const [target] = addresses;
      if (!target || !addresses.every((a) => allowed(a.address))) throw new PreviewError(422, PREVIEW_MSG.refused);
      const res = await getOnce(url, target.address, target.family, signal);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        if (hop >= PREVIEW_MAX_REDIRECTS) throw new PreviewError(502, PREVIEW_MSG.unreachable);
        url = parseHttpUrl(new URL(res.headers.location, url).href);
        continue;
      }
      if (status === 404 || status === 410) {
        res.resume();
        throw new PreviewError(404, PREVIEW_MSG.notFound);
      }
      if (status < 200 || status >= 300) {
        res.resume();
        throw new PreviewError(502, `${PREVIEW_MSG.unreachable} (HTTP ${status})`);
      }
      const type = String(res.headers['content-type'] ?? 'text/html');
      if (!/^(text\/html|application\/xhtml\+xml)\b/i.test(type)) {
        res.resume();
        throw new PreviewError(422, PREVIEW_MSG.notHtml);
      }
      if (Number(res.headers['content-length'] ?? 0) > PREVIEW_MAX_BYTES) {
        res.destroy();
        throw new PreviewError(413, PREVIEW_MSG.tooLarge);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > PREVIEW_MAX_BYTES) {
          res.destroy();
          throw new PreviewError(413, PREVIEW_MSG.tooLarge);
        }
        chunks.push(chunk);
      }
      return { html: Buffer.concat(chunks).toString('utf8'), url };
    }
  } catch (e) {
    if (e instanceof PreviewError) throw e;
    if (signal.aborted) throw new PreviewError(504, `${PREVIEW_MSG.unreachable} in ${PREVIEW_TIMEOUT_MS / 1000} s`);
    throw new PreviewError(502, PREVIEW_MSG.unreachable);
  }
}

/**
 * Removes script blocks (and with them every other active content: event handlers,
 * `javascript:` URLs, iframes, objects) with DOMPurify, keeps the document's styles and
 * stylesheet links, and injects `<base href>` and {@link PREVIEW_STYLES} first in `<head>`.
 */
async function cleanPage(html: string, baseHref: string): Promise<string> {
  const { purify } = await serverDom();
  const clean = purify.sanitize(html, {
    WHOLE_DOCUMENT: true,
    ADD_TAGS: ['link', 'meta'],
    ADD_ATTR: ['rel', 'media', 'charset', 'content'],
    FORBID_TAGS: ['script', 'noscript', 'base', 'iframe', 'frame', 'object', 'embed'],
  });
  const head = `<base href="${escapeAttr(baseHref)}"><style>${PREVIEW_STYLES}</style>`;
  const withHead = /<head[^>]*>/i.test(clean) ? clean.replace(/<head[^>]*>/i, (m) => m + head) : `<head>${head}</head>${clean}`;
  return `<!doctype html>\n${withHead}`;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
