/** Bad-input cases of routes/preview.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import fc from 'fast-check';
import { bad, type Spec } from './shared.ts';

/** The spec of each route of routes/preview.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/preview': {
    badQuery: fc.oneof(
      bad(
        '',
        'url=',
        'url=%20',
        'url=ftp%3A%2F%2Fexample.com%2F',
        'url=javascript%3Aalert(1)',
        'url=%2Fsites%2Fglowskin-offer.com%2F',
        'url=file%3A%2F%2F%2Fetc%2Fpasswd',
        'url=http%3A%2F%2Flocalhost%2F',
        'url=http%3A%2F%2F%5B%3A%3A1%5D%2F',
        'url=http%3A%2F%2F%5B%3A%3Affff%3A127.0.0.1%5D%2F',
        'url=http%3A%2F%2F169.254.169.254%2Flatest%2F',
        'url=http%3A%2F%2Fuser%3Apw%40example.com%2F',
        'url=http%3A%2F%2F0.0.0.0%2F',
        `url=${'x'.repeat(2049)}`,
        'url=%00',
        'url=http%3A%2F%2F127.0.0.1%3A1%2F%00',
      ),
      fc
        .tuple(fc.constantFrom('10.', '127.', '192.168.', '172.16.', '169.254.', '100.64.'), fc.nat(255), fc.nat(255))
        .map(([p, a, b]) => `url=${encodeURIComponent(`http://${p}${a}.${b}${p.split('.').length === 2 ? '.1' : ''}/`)}`),
      fc
        .string({ maxLength: 30 })
        .filter((s) => !/^\s*https?:/i.test(s))
        .map((s) => `url=${encodeURIComponent(s)}`),
    ),
  },
  'POST /api/v1/preview': { body: { page: { funnel_id: 1, page_type: 'checkout', meta: {} } }, required: ['page'] },
};
