/**
 * The API's JSON answers compressed on the fly (brotli or gzip, by `Accept-Encoding`); static
 * files are not compressed here: they are sent from the copies the build wrote (files.ts).
 *
 * Source: src/server/README.md; RFC 9110 §8.4, §12.5.3.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { addVary, negotiateEncoding } from './encoding.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Options of {@link compressJson}. */
export interface CompressJsonOptions {
  /** Smallest body compressed, in bytes (default 1024: smaller gains nothing). */
  threshold?: number;
}

/**
 * Compresses the API's JSON answers (`Content-Type: application/json` only — never NDJSON
 * streams, which must flow line by line, nor HTML/text) with brotli (quality 4) or gzip
 * (level 6) as `Accept-Encoding` allows (RFC 9110 §12.5.3, {@link negotiateEncoding}); sets
 * `Content-Encoding`, `Content-Length` and `Vary: Accept-Encoding`. Skipped for HEAD, 204/206/304,
 * `Cache-Control: no-transform`, an answer already encoded, and bodies under the threshold.
 * The ETag is kept as it is: it is the document's version, compared by `If-Match` on writes
 * (the server accepts it weak or strong), not a byte-range validator (the API serves no ranges).
 */
export function compressJson(opts: CompressJsonOptions = {}): MiddlewareHandler {
  const threshold = opts.threshold ?? 1024;
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    if (!/^application\/json\s*(?:;|$)/i.test(type)) return;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304 || !res.body) return;
    if (res.headers.has('Content-Encoding') || /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return;
    addVary(res.headers);
    const coding = negotiateEncoding(c.req.header('Accept-Encoding'), ['br', 'gzip']);
    const length = res.headers.get('Content-Length');
    if (!coding || (length !== null && Number(length) < threshold)) return;
    const plain = Buffer.from(await res.arrayBuffer());
    const packed =
      plain.length < threshold
        ? null
        : coding === 'br'
          ? await brotli(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length } })
          : await gzip(plain, { level: 6 });
    // Hono copies the old answer's headers onto the new one: adjust them after the swap.
    c.res = new Response(new Uint8Array(packed ?? plain), res);
    if (!packed) return;
    c.res.headers.set('Content-Encoding', coding);
    c.res.headers.set('Content-Length', String(packed.length));
  };
}
