/**
 * The funnel details form (000 §2, §5), General tab, bound to the `funnel:<id>` document:
 * each field change is one command (typing coalesces), validated live with the seeds'
 * messages; Save in the editor bar sends it. Above it, the details summary of 001 §2.
 * The captcha secret key is write-only (001 §2 "secret key (masked)"; src/server/README.md:
 * secrets are write-only): the document carries only its hint, and Replace opens a password field
 * whose typing is the same command-log edit as any field (an `add` of
 * `/details/cf_secret_key`). There is no way to show a stored secret: the browser never has it.
 */
import { useState } from 'react';
import { useDoc, useEditor, type DocId } from '../../../editor';
import {
  CURRENCIES,
  FUNNEL_COUNTRIES,
  FunnelGeneralSchema,
  INDEX_PAGE_TYPES,
  LANGUAGES,
  validateIndexPage,
  type Funnel,
  type Offer,
  type Page,
} from '../../../model';
import { Box, Button, Inline, SelectField, Tabs, TextField, styles as s, useFocusOnOpen, Skeleton } from '../../../ui';
import { BannerImagesEditor, FaqEditor, ManualEditor } from './FunnelContentEditors';
import { DetailsSummary, secretKeyLabel } from './DetailsSummary';
import { GENERAL_DETAIL_FIELDS } from '../wizard/draft';

/** Props of {@link FunnelDetailsForm}. */
export interface FunnelDetailsFormProps {
  funnelId: number;
  offers: Offer[];
  pages: Pick<Page, 'ID' | 'name' | 'page_type' | 'page_path'>[];
  locked?: boolean;
}

/** Errors of the General tab keyed by dotted path ('details.GTM'), in the seeds' words. */
export function generalErrors(f: Funnel, pages: FunnelDetailsFormProps['pages']): Record<string, string> {
  const out: Record<string, string> = {};
  const r = FunnelGeneralSchema.safeParse(f);
  if (!r.success) for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
  if (!out.page_id) {
    const msg = validateIndexPage(pages.find((p) => p.ID === f.page_id)?.page_type);
    if (msg) out.page_id = msg;
  }
  return out;
}

/**
 * The required fields of a funnel just added ("Add funnel" leaves them empty; version 1) that are
 * simply not filled in yet, by error key: their messages wait until the operator has edited the
 * field, and meanwhile the form lists them under "Next steps" (a new funnel opens
 * without red errors and says what to do next). A funnel saved since shows every message.
 */
export function unfilledFields(f: Funnel, errors: Record<string, string>): string[] {
  if (f.version > 1) return [];
  const blank = (k: string): boolean => {
    if (k === 'page_id') return f.page_id == null;
    const v = k.startsWith('details.') ? f.details[k.slice(8) as DetailKey] : k === 'name' || k === 'cs_number' || k === 'cs_email' ? f[k] : undefined;
    return typeof v !== 'string' || v.trim() === '';
  };
  return Object.keys(errors).filter((k) => k !== 'countries' && blank(k));
}

/** Labels of the fields "Next steps" names, by error key. */
const NEXT_STEP_LABELS: Record<string, string> = {
  name: 'Funnel name',
  page_id: 'Index page',
  cs_number: 'Support number',
  cs_email: 'Support email',
  'details.dl_offer_name': 'Offer name (dl_offer_name)',
};

type TextKey = 'name' | 'cs_number' | 'cs_email';
type DetailKey = 'dl_offer_name' | 'favicon' | 'logo' | 'logo_white' | 'GTM' | 'OPT' | 'UA' | 'guarantee' | 'cf_site_key' | 'cf_secret_key';

/** The General tab's plain details: the quick wizard's list and wording (000 §3) less the captcha keys, which have fields of their own below. */
const DETAIL_FIELDS = GENERAL_DETAIL_FIELDS.filter(([k]) => k !== 'cf_site_key' && k !== 'cf_secret_key');

/**
 * What a funnel still needs before it can go live, in words: its pages and index
 * page, then the unfilled required fields. A status, not an alert: nothing is wrong yet.
 */
export function NextSteps({ unfilled, hasPages }: { unfilled: string[]; hasPages: boolean }) {
  const fields = unfilled.filter((k) => k !== 'page_id').map((k) => NEXT_STEP_LABELS[k] ?? k);
  return (
    <Box role="status" aria-label="Next steps" className={s.card} padding="md" marginBottom="md">
      <Box as="strong" display="block" marginBottom="xs">
        Next steps
      </Box>
      <Box as="ol" margin="none" paddingLeft="md">
        {unfilled.includes('page_id') && (
          <li>
            {hasPages ? 'Select the index page: the page visitors land on.' : "Add the funnel's pages in the Pages tab, then select the index page here."}
          </li>
        )}
        {fields.length > 0 && <li>Fill in {fields.join(', ')}: published pages show them to buyers.</li>}
        <li>Publish when the Publish button's check finds nothing missing.</li>
      </Box>
    </Box>
  );
}

/** See {@link FunnelDetailsFormProps}. */
export function FunnelDetailsForm({ funnelId, offers, pages, locked = false }: FunnelDetailsFormProps) {
  const doc: DocId = `funnel:${funnelId}`;
  const f = useDoc(doc);
  const editor = useEditor();
  const [tab, setTab] = useState('general');
  const [replacing, setReplacing] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  // Replace / Set puts the caret in the new key's field.
  const secretRef = useFocusOnOpen<HTMLInputElement>(replacing);
  if (!f) return <Skeleton label="Loading funnel…" variant="lines" />;
  const allErrors = generalErrors(f, pages);
  const unfilled = unfilledFields(f, allErrors).filter((k) => !touched.has(k));
  // An unfilled field the operator has not edited yet is a next step, not an error.
  const errors = Object.fromEntries(Object.entries(allErrors).filter(([k]) => !unfilled.includes(k)));
  const touch = (k: string) => {
    if (!touched.has(k)) setTouched(new Set(touched).add(k));
  };
  const setTop = (k: TextKey, label: string) => (e: { target: { value: string } }) => {
    touch(k);
    editor.edit(
      doc,
      label,
      (d: Funnel) => {
        d[k] = e.target.value;
      },
      { mergeKey: k },
    );
  };
  /** A select of one of the funnel's fixed choices (its options are the only values). */
  const setChoice =
    <K extends 'currency' | 'language'>(k: K, label: string) =>
    (e: { target: { value: string } }) =>
      editor.edit(doc, label, (d: Funnel) => {
        d[k] = e.target.value as Funnel[K];
      });
  const setDetail = (k: DetailKey, label: string) => (e: { target: { value: string } }) => {
    touch(`details.${k}`);
    editor.edit(
      doc,
      label,
      (d: Funnel) => {
        d.details[k] = e.target.value;
      },
      { mergeKey: `details.${k}` },
    );
  };
  const offer = offers.find((o) => o.offer_id === f.offer);
  const indexPage = pages.find((p) => p.ID === f.page_id);
  const general = (
    <Box as="fieldset" disabled={locked} border="none" padding="none" margin="none">
      {unfilled.length > 0 && <NextSteps unfilled={unfilled} hasPages={pages.length > 0} />}
      <div className={s.grid2}>
        <TextField label="Funnel name" value={f.name} error={errors.name} onChange={setTop('name', 'Rename funnel')} />
        <SelectField
          label="Offer"
          value={String(f.offer ?? '')}
          error={errors.offer}
          placeholder="Select an offer"
          options={offers.map((o) => ({ value: o.offer_id, label: `${o.name} (${o.offer_id})` }))}
          onChange={(e) =>
            editor.edit(doc, 'Set offer', (d: Funnel) => {
              d.offer = Number(e.target.value);
            })
          }
        />
        <SelectField label="Currency" value={f.currency} error={errors.currency} options={CURRENCIES} onChange={setChoice('currency', 'Set currency')} />
        <SelectField label="Language" value={f.language} error={errors.language} options={LANGUAGES} onChange={setChoice('language', 'Set language')} />
        <SelectField
          label="Index page"
          value={String(f.page_id ?? '')}
          error={errors.page_id}
          placeholder="Select the index page"
          options={pages
            .filter((p) => (INDEX_PAGE_TYPES as readonly string[]).includes(p.page_type) || p.ID === f.page_id)
            .map((p) => ({ value: p.ID, label: `${p.name} (${p.page_type}) ${p.page_path}` }))}
          onChange={(e) => {
            touch('page_id');
            editor.edit(doc, 'Set index page', (d: Funnel) => {
              d.page_id = e.target.value ? Number(e.target.value) : null;
            });
          }}
        />
        <TextField label="Support number" value={f.cs_number} error={errors.cs_number} onChange={setTop('cs_number', 'Set support number')} />
        <TextField label="Support email" type="email" value={f.cs_email} error={errors.cs_email} onChange={setTop('cs_email', 'Set support email')} />
        {DETAIL_FIELDS.map(([k, label]) => (
          <TextField key={k} label={label} value={f.details[k] ?? ''} error={errors[`details.${k}`]} onChange={setDetail(k, `Set ${label}`)} />
        ))}
        <TextField
          label="Captcha site key"
          value={f.details.cf_site_key ?? ''}
          error={errors['details.cf_site_key']}
          onChange={setDetail('cf_site_key', 'Set captcha site key')}
        />
        {replacing || f.details.cf_secret_key !== undefined ? (
          // Write-only: what is typed is sent on Save and never read back.
          <TextField
            label="New captcha secret key"
            type="password"
            autoComplete="new-password"
            ref={secretRef}
            value={f.details.cf_secret_key ?? ''}
            error={errors['details.cf_secret_key']}
            help={`Replaces the stored key ${secretKeyLabel(f.details)} when you save`}
            onChange={setDetail('cf_secret_key', 'Set captcha secret key')}
          />
        ) : (
          <div className={s.field}>
            <span className={s.label} id={`cf-secret-${funnelId}`}>
              Captcha secret key
            </span>
            <div className={s.row}>
              <Box as="output" aria-labelledby={`cf-secret-${funnelId}`} fontFamily="mono">
                {secretKeyLabel(f.details)}
              </Box>
              <Button
                size="sm"
                variant="ghost"
                onPress={() => setReplacing(true)}
                aria-label={f.details.has_cf_secret_key ? 'Replace captcha secret key' : 'Set captcha secret key'}
              >
                {f.details.has_cf_secret_key ? 'Replace' : 'Set'}
              </Button>
            </div>
          </div>
        )}
      </div>
      <Box as="fieldset" border="none" padding="none">
        <legend className={s.label}>Countries</legend>
        <div className={s.row}>
          {FUNNEL_COUNTRIES.map((c) => (
            <Inline as="label" key={c} display="inline-flex" gap="xs" wrap={false}>
              <input
                type="checkbox"
                checked={f.countries.includes(c)}
                onChange={(e) =>
                  editor.edit(doc, `${e.target.checked ? 'Add' : 'Remove'} country ${c}`, (d: Funnel) => {
                    if (e.target.checked) d.countries.push(c);
                    else d.countries.splice(d.countries.indexOf(c), 1);
                  })
                }
              />
              {c}
            </Inline>
          ))}
        </div>
        {errors.countries && (
          <p role="alert" className={s.errorText}>
            {errors.countries}
          </p>
        )}
      </Box>
    </Box>
  );
  return (
    <section aria-label="Funnel details">
      <DetailsSummary funnel={f} offer={offer} rootPage={indexPage?.page_path} />
      <Tabs
        label="Funnel details"
        selected={tab}
        onSelect={setTab}
        items={[
          { id: 'general', label: 'General', content: general },
          {
            id: 'footer',
            label: 'Footer (coming soon)',
            content: <p>The footer editor is coming soon (000 §2): published pages show the funnel's support e-mail and number in their footer.</p>,
          },
          { id: 'faq', label: 'Faq', content: <FaqEditor funnelId={funnelId} locked={locked} /> },
          { id: 'manual', label: 'Manual', content: <ManualEditor funnelId={funnelId} locked={locked} /> },
          { id: 'banners', label: 'Affiliate Banner Images', content: <BannerImagesEditor funnelId={funnelId} locked={locked} /> },
        ]}
      />
    </section>
  );
}
