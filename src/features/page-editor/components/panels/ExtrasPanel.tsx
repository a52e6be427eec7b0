/**
 * The Extras side panel of the page editor (000 §2 "Extras, with the custom behaviours Skip
 * Page and Product Select"; §3 recurring and script keys; §4 toggles; §5 recurring rules).
 */
import { useId, useState, type ReactNode } from 'react';
import {
  MSG,
  PAGE_PATH_RE,
  pageHasSetting,
  RECURRING_COUNTRIES,
  canChooseSize,
  flag,
  isOn,
  isRecurringOfferName,
  recurringCampaignError,
  recurringCountryLabel,
  type PageExtras,
  type RecurringCampaign,
  newUid,
} from '../../../../model';
import { Box, Button, SelectField, styles as s, TextField, Skeleton } from '../../../../ui';
import { MoneyField } from '../currency';
import { AddError, AddForm, DraftTextField, FlagField, PanelFrame, RemoveButton, usePanelEditor, usePanelPage, type PanelProps } from './shared';
import * as p from './panels.css';

/** Props of {@link ExtrasPanel}: the page id and the funnel's lock. */
export type ExtrasPanelProps = PanelProps;

type Editor = ReturnType<typeof usePanelEditor>;
const digitsOnly = (t: string) => (/^\d*$/.test(t) ? undefined : MSG.onlyNumbers);

/**
 * The per-page extras (000 §4), stored as 'true'/'false' strings: Product Size
 * (`productSizeActive`, only with ≥ 2 sizes), Product Extra (`productAddonsActive`), Warranty
 * (`warranty`), Journey fixed price (`warrantyJourney`); VIP Product is the boolean
 * `recurring` with `recurring_offer_id`, `recurring_product_id` (digit strings),
 * `recurring_product_price` (number), `recurring_product_name` (must contain 'vip' or
 * 'revboost') and `recurring_campaigns` ({ID, country} over RECURRING_COUNTRIES, no ID or
 * country twice). Custom behaviours: Skip Page (`skipPage` + `skipPagePath`, a page path) and
 * Product Select (`productSelect`). `product_override_price`: a number, removed when cleared.
 * Offers only the settings the page's type renders (`pageHasSetting`, src/model/page-panels.ts):
 * a presell page has Skip Page only, an upsell everything but Product Select.
 */
export function ExtrasPanel({ pageId, locked = false }: ExtrasPanelProps) {
  const { doc, page, meta, errors } = usePanelPage(pageId);
  const ed = usePanelEditor(doc, locked);
  if (!page) return <Skeleton label="Loading page…" variant="lines" />;
  const sizeOn = isOn(meta.productSizeActive);
  const canChoose = canChooseSize(meta.productSizes);
  const warrantyOn = isOn(meta.warranty);
  const toggle = (name: string, key: 'productSizeActive' | 'productAddonsActive' | 'warranty' | 'warrantyJourney') => (v: boolean) =>
    ed.put(`Turn ${name} ${v ? 'on' : 'off'}`, key, flag(v));
  /** An extra that is on or off by itself; its command names it by its label in lower case. */
  const onOff = (label: string, key: 'productAddonsActive' | 'warrantyJourney') => (
    <FlagField label={label} checked={isOn(meta[key])} disabled={locked} error={errors[key]} onToggle={toggle(label.toLowerCase(), key)} />
  );
  /** A custom behaviour stored under `key` ('true'/'false'); its commands say Activate or Deactivate and its name. */
  const behaviour = (name: string, key: 'skipPage' | 'productSelect', description: string, children?: ReactNode) => (
    <Behaviour
      name={name}
      on={isOn(meta[key])}
      locked={locked}
      error={errors[key]}
      description={description}
      onToggle={(v) => ed.put(`${v ? 'Activate' : 'Deactivate'} ${name}`, key, flag(v))}
    >
      {children}
    </Behaviour>
  );
  // Only the settings this page type renders are offered (src/model/page-panels.ts).
  const has = (key: string) => pageHasSetting(page.page_type, key);
  const extras = has('productSizeActive');

  return (
    <PanelFrame id="extras-panel" title="Extras" locked={locked}>
      {extras && (
        <fieldset className={p.choices}>
          <legend className={s.label}>Page extras</legend>
          <FlagField
            label="Product Size"
            checked={sizeOn}
            disabled={locked || (!canChoose && !sizeOn)}
            error={errors.productSizeActive}
            help={canChoose || errors.productSizeActive ? undefined : MSG.sizeChoice}
            onToggle={toggle('product size', 'productSizeActive')}
          />
          {onOff('Product Extra', 'productAddonsActive')}
          <FlagField
            label="VIP Product (recurring)"
            checked={meta.recurring === true}
            disabled={locked}
            onToggle={(v) => ed.put(`Turn VIP product ${v ? 'on' : 'off'}`, 'recurring', v)}
          />
          <FlagField
            label="Warranty"
            checked={warrantyOn}
            disabled={locked}
            error={errors.warranty ?? (warrantyOn ? errors.warrantyFrame : undefined)}
            onToggle={toggle('warranty', 'warranty')}
          />
          {onOff('Journey fixed price', 'warrantyJourney')}
        </fieldset>
      )}
      {extras && meta.recurring === true && <VipProduct meta={meta} errors={errors} ed={ed} locked={locked} />}
      <Section title="Custom behaviours">
        {has('skipPage') &&
          behaviour(
            'Skip Page',
            'skipPage',
            'Sends visitors straight on to the skip page path instead of showing this page.',
            <DraftTextField
              label="Skip page path"
              value={meta.skipPagePath ?? ''}
              disabled={locked}
              placeholder="/upsell-2/"
              error={errors.skipPagePath}
              validate={(t) => (PAGE_PATH_RE.test(t) ? undefined : MSG.pagePath)}
              onCommit={(t) => ed.put('Set skip page path', 'skipPagePath', t, true)}
            />,
          )}
        {has('productSelect') && behaviour('Product Select', 'productSelect', 'Lets visitors pick the product before choosing a package.')}
      </Section>
      {has('product_override_price') && (
        <Section title="Pricing">
          <MoneyField
            label="Product override price"
            value={meta.product_override_price}
            error={errors.product_override_price}
            disabled={locked}
            onCommit={(n) => ed.put('Set product override price', 'product_override_price', n, true)}
          />
          {meta.product_override_price !== undefined && (
            <Button
              size="sm"
              isDisabled={locked}
              disabledReason={MSG.locked}
              onPress={() =>
                ed.set('Clear product override price', (m) => {
                  delete m.product_override_price;
                })
              }
            >
              Clear override price
            </Button>
          )}
          <p className={s.helpText}>When set, this price replaces the package prices on this page.</p>
        </Section>
      )}
    </PanelFrame>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={p.subsection}>
      <Box as="h3" id={id} fontSize={15} margin="none" marginBottom="sm">
        {title}
      </Box>
      {children}
    </section>
  );
}

/** A custom behaviour (000 §4 "activated or deactivated"): status, description, one button. */
function Behaviour({
  name,
  on,
  locked,
  description,
  error,
  onToggle,
  children,
}: {
  name: string;
  on: boolean;
  locked: boolean;
  description: string;
  error?: string;
  onToggle: (on: boolean) => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <Box role="group" aria-labelledby={`${id}-name`} aria-describedby={`${id}-desc`} marginBottom={16}>
      <div className={s.row}>
        <strong id={`${id}-name`}>{name}</strong>
        <span className={`${s.badge} ${on ? s.tone.success : s.tone.info}`}>{on ? 'Active' : 'Inactive'}</span>
        <span className={s.spacer} />
        <Button size="sm" variant={on ? 'secondary' : 'primary'} isDisabled={locked} disabledReason={MSG.locked} onPress={() => onToggle(!on)}>
          {on ? `Deactivate ${name}` : `Activate ${name}`}
        </Button>
      </div>
      <Box as="p" id={`${id}-desc`} className={s.helpText} margin="none" marginTop="xs" marginBottom="sm">
        {description}
      </Box>
      {error && (
        <p role="alert" className={s.errorText}>
          {error}
        </p>
      )}
      {children}
    </Box>
  );
}

function VipProduct({ meta, errors, ed, locked }: { meta: PageExtras; errors: Record<string, string>; ed: Editor; locked: boolean }) {
  // One text field of the VIP product: its command reads "Set " and the label in lower case.
  const text = (
    key: 'recurring_offer_id' | 'recurring_product_id' | 'recurring_product_name',
    label: string,
    validate: (t: string) => string | undefined,
    placeholder?: string,
  ) => (
    <DraftTextField
      label={label}
      value={meta[key] ?? ''}
      disabled={locked}
      error={errors[key]}
      placeholder={placeholder}
      validate={validate}
      onCommit={(t) => ed.put(`Set ${label.toLowerCase()}`, key, t, true)}
    />
  );
  return (
    <Section title="VIP product">
      <div className={s.grid2}>
        {text('recurring_offer_id', 'Recurring offer ID', digitsOnly)}
        {text('recurring_product_id', 'Recurring product ID', digitsOnly)}
        {text('recurring_product_name', 'Recurring product name', (t) => (isRecurringOfferName(t) ? undefined : MSG.recurringOfferName), 'e.g. VIP Club')}
        <MoneyField
          label="Recurring product price"
          value={meta.recurring_product_price}
          disabled={locked}
          error={errors.recurring_product_price}
          onCommit={(n) => ed.put('Set recurring product price', 'recurring_product_price', n, true)}
        />
      </div>
      <RecurringCampaigns list={meta.recurring_campaigns ?? []} errors={errors} ed={ed} locked={locked} />
    </Section>
  );
}

function RecurringCampaigns({ list, errors, ed, locked }: { list: RecurringCampaign[]; errors: Record<string, string>; ed: Editor; locked: boolean }) {
  const id = useId();
  const [cid, setCid] = useState('');
  const [country, setCountry] = useState('');
  const [error, setError] = useState<string>();
  const rowError = (k: number) => errors[`recurring_campaigns.${k}`] ?? errors[`recurring_campaigns.${k}.ID`] ?? errors[`recurring_campaigns.${k}.country`];
  const add = () => {
    const c = { ID: cid.trim(), country };
    const why = recurringCampaignError(c, list);
    setError(why);
    if (why) return;
    if (
      ed.set(`Add recurring campaign ${c.ID}`, (m) => {
        (m.recurring_campaigns ??= []).push({ uid: newUid(), ...c });
      })
    ) {
      setCid('');
      setCountry('');
    }
  };
  return (
    <div>
      <Box as="h4" id={`${id}-title`} margin="none" marginTop="xs" marginBottom="sm">
        Recurring campaigns
      </Box>
      {list.length === 0 ? (
        <p className={s.helpText}>No recurring campaigns added.</p>
      ) : (
        <Box as="table" className={s.table} aria-labelledby={`${id}-title`} marginBottom="md">
          <thead>
            <tr>
              <th className={s.th} scope="col">
                Campaign ID
              </th>
              <th className={s.th} scope="col">
                Country
              </th>
              <th className={s.th} scope="col">
                <span className={s.visuallyHidden}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((c, k) => (
              <tr key={k}>
                <td className={s.td}>
                  {c.ID || <span className={s.helpText}>none</span>}
                  {rowError(k) && (
                    <div role="alert" className={s.errorText}>
                      {rowError(k)}
                    </div>
                  )}
                </td>
                <td className={s.td}>{c.country ? recurringCountryLabel(c.country) : <span className={s.helpText}>none</span>}</td>
                <Box as="td" className={s.td} textAlign="right">
                  <RemoveButton
                    label={`Remove recurring campaign ${c.ID || k + 1}`}
                    locked={locked}
                    onPress={() =>
                      ed.set(`Remove recurring campaign ${c.ID}`, (m) => {
                        m.recurring_campaigns?.splice(k, 1);
                      })
                    }
                  />
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      <AddForm label="Add a recurring campaign" onAdd={add}>
        <div className={s.grid2}>
          <TextField
            label="Campaign ID"
            value={cid}
            inputMode="numeric"
            disabled={locked}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setCid(e.target.value);
              setError(undefined);
            }}
          />
          <SelectField
            label="Country"
            value={country}
            disabled={locked}
            placeholder="Select a country"
            options={RECURRING_COUNTRIES.map((c) => ({ value: c, label: recurringCountryLabel(c) }))}
            onChange={(e) => {
              setCountry(e.target.value);
              setError(undefined);
            }}
          />
        </div>
        <AddError id={`${id}-error`} error={error} />
        <Button type="submit" isDisabled={locked} disabledReason={MSG.locked}>
          + Add campaign
        </Button>
      </AddForm>
    </div>
  );
}
