/**
 * Content codings: which one an answer is sent in, from the request's `Accept-Encoding`
 * (RFC 9110 §12.5.3, §8.4), and the `Vary: Accept-Encoding` every answer that depends on it
 * carries. Used by the static files (files.ts) and the API's JSON compression (compress.ts).
 *
 * Source: src/server/README.md (precompressed files, chosen by Accept-Encoding).
 */

/** A content coding we store beside a file or apply to JSON answers (RFC 9110 §8.4.1). */
export type Coding = 'br' | 'gzip';

/**
 * Picks the content coding for an answer from an `Accept-Encoding` header (RFC 9110 §12.5.3):
 * the available coding with the highest q-value, `br` before `gzip` on a tie; a coding with
 * `q=0` is never chosen; `*` stands for codings the header does not name; `x-gzip` is `gzip`
 * (§8.4.1.3). No header, or nothing acceptable: null (identity).
 * @param header the request's Accept-Encoding, or undefined
 * @param available the codings this answer can be sent in, e.g. the `.br`/`.gz` files present
 */
export function negotiateEncoding(header: string | undefined | null, available: readonly Coding[]): Coding | null {
  if (!header || available.length === 0) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    let coding = (name ?? '').trim().toLowerCase();
    if (!coding) continue;
    if (coding === 'x-gzip') coding = 'gzip';
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) weight = Math.min(1, Math.max(0, Number(m[1]) || 0));
    }
    // The same coding named twice: the most restrictive mention wins.
    q.set(coding, Math.min(weight, q.get(coding) ?? 1));
  }
  const star = q.get('*');
  let best: Coding | null = null;
  let bestQ = 0;
  for (const coding of (['br', 'gzip'] as const).filter((c) => available.includes(c))) {
    const w = q.get(coding) ?? star ?? 0;
    if (w > bestQ) {
      best = coding;
      bestQ = w;
    }
  }
  return best;
}

/** Adds `Accept-Encoding` to an answer's `Vary` unless it is there (or `Vary: *`). */
export function addVary(headers: Headers): void {
  const vary = headers.get('Vary');
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}
