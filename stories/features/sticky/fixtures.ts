/**
 * The Sticky stories' data and API (msw; network mocks live only in stories): the funnel list
 * the products upload picks from, and the two CSV uploads answered as src/server/routes/csv.ts
 * answers them ('{file} file uploaded successfully' with the rows read — and for products how
 * many were created or updated by SKU —, or '{file} file upload failed.' with `{reason,
 * errors: [{line, message}]}`), a 403 for a refused role, and a log of what each upload sent.
 */
import { http, HttpResponse } from 'msw';
import { FULFILLMENTS, RMSG, forbiddenMessage, type FunnelListItem, type RoleName } from '../../../src/model';
import { MSG } from '../../../src/model/messages';
import { funnelRow, products } from '../../../tests/fixtures/demo';
import { storyUser } from '../../screens';

/** Funnels as the list answers them: GlowSkin (offer 10234) and a locked one. */
export const storyFunnels: FunnelListItem[] = [
  funnelRow,
  { ...funnelRow, ID: 2, name: 'PureBrite Smile', offer: 10301, offer_name: 'PureBrite Whitening Kit', locked: true, domain: null },
];

/** Campaign ids the fulfilment upload knows. */
export const knownCampaigns = [12001, 12002, 12101];

/** One upload as the API received it: the path, the file's name and its text. */
export interface SentUpload {
  path: string;
  file: string;
  text: string;
}

/** A gate a play opens to let a held upload answer (to see its progress first). */
export interface Gate {
  open: () => void;
  wait: Promise<void>;
}
/** A closed {@link Gate}. */
export function gate(): Gate {
  let open = () => {};
  const wait = new Promise<void>((r) => {
    open = r;
  });
  return { open: () => open(), wait };
}

const failed = (file: string, status: number, reason: string, errors: { line: number; message: string }[]) =>
  HttpResponse.json({ message: MSG.uploadFailed(file), reason, errors }, { status });
const invalid = (n: number) => `${n} invalid row${n === 1 ? '' : 's'}`;

/** The data lines of `text` with their line numbers (1 is the header), blank lines skipped. */
const dataLines = (text: string) =>
  text
    .split('\n')
    .map((l, i) => ({ line: i + 1, cells: l.trim().split(',') }))
    .slice(1)
    .filter((r) => r.cells.join('') !== '');

/**
 * The API as /sticky uses it, signed in as `role`; `sent` collects every upload. `forbidden`:
 * the server refuses the uploads to this role (403 with the policy's message). `hold`: the
 * uploads answer only once the gate opens.
 */
export function stickyHandlers(o: { role?: RoleName; sent?: SentUpload[]; forbidden?: boolean; hold?: Gate } = {}) {
  const { role = 'sticky', sent = [] } = o;
  const received = async (request: Request, path: string) => {
    const f = (await request.formData()).get('file');
    const file = f instanceof File ? f : null;
    const text = file ? await file.text() : '';
    sent.push({ path, file: file?.name ?? '', text });
    await o.hold?.wait;
    return { name: file?.name ?? 'file', text };
  };
  return [
    http.get('/api/v1/me', () =>
      HttpResponse.json({ ...storyUser, role, name: role === 'sticky' ? 'Sam Sticky' : role === 'operator' ? 'Otto Operator' : storyUser.name }),
    ),
    http.get('/api/v1/funnels', () => HttpResponse.json(storyFunnels)),
    http.post('/api/v1/csv_upload/sticky/campaigns_fulfillment', async ({ request }) => {
      const path = '/api/v1/csv_upload/sticky/campaigns_fulfillment';
      const { name, text } = await received(request, path);
      if (o.forbidden) return HttpResponse.json({ message: forbiddenMessage(role, 'csv.upload') }, { status: 403 });
      const rows = dataLines(text);
      const errors = rows.flatMap(({ line, cells: [id = '', fulfillment = ''] }) => {
        if (!/^\d+$/.test(id)) return [{ line, message: MSG.onlyNumbers }];
        if (!(FULFILLMENTS as readonly string[]).includes(fulfillment)) return [{ line, message: RMSG.fulfillment }];
        if (!knownCampaigns.includes(Number(id))) return [{ line, message: `Campaign ${id} not found` }];
        return [];
      });
      if (errors.length) return failed(name, 422, invalid(errors.length), errors);
      return HttpResponse.json({ message: MSG.uploadOk(name), rows: rows.length });
    }),
    http.post('/api/v1/csv_upload/sticky/products_create/:funnelId', async ({ request, params }) => {
      const path = `/api/v1/csv_upload/sticky/products_create/${String(params.funnelId)}`;
      const { name, text } = await received(request, path);
      if (o.forbidden) return HttpResponse.json({ message: forbiddenMessage(role, 'csv.upload') }, { status: 403 });
      const rows = dataLines(text);
      const skus = new Set(products.map((p) => p.sku));
      const updated = rows.filter((r) => skus.has(r.cells[2] ?? '')).length;
      return HttpResponse.json({ message: MSG.uploadOk(name), rows: rows.length, created: rows.length - updated, updated }, { status: 201 });
    }),
  ];
}
