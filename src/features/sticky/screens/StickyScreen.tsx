/**
 * /sticky (001 §2 "Sticky page", §6 "One specific account sees only the Sticky page menu
 * entry"), the page of the sticky account (and of any role with `csv.upload`): the two CSV
 * uploads to the order platform —
 *
 * - Campaign fulfilment (000 §2 forms, §7 `POST /api/v1/csv_upload/sticky/campaigns_fulfillment`):
 *   columns campaign_id and fulfillment;
 * - Products (001 §7 `POST /api/v1/csv_upload/sticky/products_create/{funnelId}`): pick the
 *   funnel first (its offer gets the products; a row whose SKU the offer has updates it).
 *
 * A file comes by picker or drop; it is checked here first (001 §5 'Uploads of product lists
 * accept only csv', the caps of CSV_LIMITS) and a refused one is not sent. While sending, a
 * progress bar 0–100 %; then '{file} file uploaded successfully' / '{file} file upload
 * failed.' (000 §8, 001 §8) with the server's reason, the session's uploads table and the
 * refused rows by line. One upload at a time.
 */
import { useRef, useState } from 'react';
import { useFunnels } from '../../../api';
import { FULFILLMENTS } from '../../../model';
import { csvUploadProblems } from '../../../model/csv';
import { MSG } from '../../../model/messages';
import { Box, SelectField, useDocumentTitle } from '../../../ui';
import { useStickyUploads, type FulfillmentAnswer, type ProductsAnswer } from '../api';
import { CSV_ONLY, PRODUCTS_CSV_ONLY, csvFileProblem } from '../csv-check';
import { CsvDropZone, type ZoneOutcome } from '../components/CsvDropZone';
import { UploadResults, type UploadRecord } from '../components/UploadResults';
import * as z from '../components/sticky.css';

/** The fulfilment upload's help (000 §2; the columns of src/server/routes/csv.ts). */
export const FULFILLMENT_HELP = `Columns campaign_id and fulfillment (${FULFILLMENTS.join(', ')}). At most 1 MB and 5000 rows.`;
/** The products upload's help (001 §7; the columns of src/server/routes/csv.ts). */
export const PRODUCTS_HELP =
  'Columns name, description, sku, cost_of_goods, product_price, shipping_weight; optional product_id, max_quantity, billing_model, product_category. A row whose SKU the offer already has updates that product. At most 1 MB and 5000 rows.';
/** Said on the products drop zone until a funnel is picked (001 §7: the upload is per funnel). */
export const PICK_FUNNEL_FIRST = 'Pick a funnel first';

type Kind = 'fulfillment' | 'products';

/** See the module comment. */
export function StickyScreen() {
  useDocumentTitle(['Sticky']);
  const funnels = useFunnels();
  const m = useStickyUploads();
  const [funnelId, setFunnelId] = useState<number | null>(null);
  const [uploads, setUploads] = useState<UploadRecord[]>([]);
  const [sending, setSending] = useState<{ kind: Kind; file: string; fraction: number } | null>(null);
  const [outcome, setOutcome] = useState<{ kind: Kind; outcome: ZoneOutcome } | null>(null);
  // Synchronous guards: the file check is async, so state alone would let a second drop in.
  const busy = useRef(false);
  const count = useRef(0);

  const funnel = funnels.data?.find((f) => f.ID === funnelId) ?? null;
  const options = (funnels.data ?? [])
    .slice()
    .sort((a, b) => a.ID - b.ID)
    .map((f) => ({ value: f.ID, label: `${f.ID} ${f.name} — ${f.offer_name || `offer ${f.offer}`}${f.locked ? ' (locked)' : ''}` }));

  const record = (n: number, patch: Partial<UploadRecord>) => setUploads((all) => all.map((u) => (u.n === n ? { ...u, ...patch } : u)));

  const upload = async (kind: Kind, file: File) => {
    const target = kind === 'fulfillment' ? 'Campaign fulfilment' : funnel ? `Products for funnel ${funnel.ID} ${funnel.name}` : null;
    if (busy.current || target === null) return;
    busy.current = true;
    const n = ++count.current;
    const base: UploadRecord = {
      n,
      file: file.name,
      target,
      state: { kind: 'sending', fraction: 0 },
      message: '',
      rows: null,
      created: null,
      updated: null,
      errors: [],
    };
    try {
      const problem = await csvFileProblem(file, kind === 'products' ? PRODUCTS_CSV_ONLY : CSV_ONLY);
      if (problem) {
        const message = `${MSG.uploadFailed(file.name)} ${problem}`;
        setUploads((all) => [...all, { ...base, state: { kind: 'not sent' }, message }]);
        setOutcome({ kind, outcome: { ok: false, message } });
        return;
      }
      setOutcome(null);
      setUploads((all) => [...all, base]);
      setSending({ kind, file: file.name, fraction: 0 });
      const onProgress = (fraction: number) => {
        setSending({ kind, file: file.name, fraction });
        record(n, { state: { kind: 'sending', fraction } });
      };
      try {
        const r: ProductsAnswer | (FulfillmentAnswer & { created: null; updated: null }) =
          kind === 'products' && funnel
            ? await m.products.mutateAsync({ funnelId: funnel.ID, file, onProgress })
            : { ...(await m.fulfillment.mutateAsync({ file, onProgress })), created: null, updated: null };
        record(n, { state: { kind: 'uploaded' }, message: r.message, rows: r.rows, created: r.created, updated: r.updated });
        setOutcome({ kind, outcome: { ok: true, message: r.message } });
      } catch (err) {
        // The API client has shown the 'Error' notification (000 §8); the page keeps the reason and the rows.
        const { reason, errors } = csvUploadProblems(err);
        const said = err instanceof Error ? err.message : MSG.uploadFailed(file.name);
        const message = reason ? `${said} ${reason}` : said;
        record(n, { state: { kind: 'refused' }, message, errors });
        setOutcome({ kind, outcome: { ok: false, message } });
      }
    } finally {
      busy.current = false;
      setSending(null);
    }
  };

  const zone = (kind: Kind) => ({
    sending: sending?.kind === kind ? sending : null,
    outcome: outcome?.kind === kind ? outcome.outcome : null,
  });

  return (
    <section aria-labelledby="sticky-title">
      <Box as="h1" id="sticky-title" marginTop="none">
        Sticky
      </Box>
      <div className={z.cards}>
        <section aria-labelledby="sticky-fulfillment-title" className={z.card}>
          <Box as="h2" id="sticky-fulfillment-title" margin="none">
            Campaign fulfilment CSV upload
          </Box>
          <CsvDropZone
            label="Campaign fulfilment CSV file"
            help={FULFILLMENT_HELP}
            disabled={sending !== null}
            {...zone('fulfillment')}
            onFile={(f) => void upload('fulfillment', f)}
          />
        </section>
        <section aria-labelledby="sticky-products-title" className={z.card}>
          <Box as="h2" id="sticky-products-title" margin="none">
            Products CSV upload
          </Box>
          <SelectField
            label="Funnel"
            placeholder={funnels.isPending ? 'Loading funnels…' : 'Select funnel'}
            options={options}
            value={funnelId ?? ''}
            disabled={sending !== null || !funnels.data}
            error={funnels.isError ? funnels.error.message : undefined}
            help="The products go to this funnel's offer."
            onChange={(e) => {
              setFunnelId(e.currentTarget.value === '' ? null : Number(e.currentTarget.value));
              setOutcome(null);
            }}
          />
          <CsvDropZone
            label="Products CSV file"
            help={PRODUCTS_HELP}
            disabled={funnelId === null || sending !== null}
            disabledReason={funnelId === null ? PICK_FUNNEL_FIRST : undefined}
            {...zone('products')}
            onFile={(f) => void upload('products', f)}
          />
        </section>
      </div>
      <UploadResults uploads={uploads} />
    </section>
  );
}
