/**
 * The International shipping side panel of the page editor (000 §2 "International
 * shipping"; §3 key `intShipping` and "Shipping entry"; §9 the full country list; 001 §5
 * shipping id of at most 3 digits).
 */
import { memo, useId, useState } from 'react';
import { COUNTRIES, MSG, countryName, newShippingEntry, pageContentErrors, shippingEntryError, type ShippingEntry } from '../../../../model';
import { Box, Inline, styles as s, TextField, Skeleton } from '../../../../ui';
import { MoneyField, useMoney } from '../currency';
import { CountrySelect, itemEditor, useContentEditor, useContentPage, type ContentEditor, type ContentPanelProps } from './content';
import { AddButton, AddError, AddForm, DraftTextField, EntriesSection, PanelFrame, RemoveButton } from './shared';

/** Props of {@link InternationalShippingPanel}: the page and the funnel's lock (`funnelId` is not used). */
export type InternationalShippingPanelProps = ContentPanelProps;

const shippingIdError = (t: string) => (/^\d{1,3}$/.test(t.trim()) ? undefined : MSG.shippingId);

/**
 * Edits the page's shipping prices by country (`intShipping`: list of {id, shipping_id,
 * country, price}): `shipping_id` the shipping method's id (1–3 digits), `country` an ISO
 * 3166-1 alpha-2 code from the full list, `price` ≥ 0 in the funnel's currency. A country
 * already listed is rejected ('Shipping to {country} already added') and nothing is
 * recorded, when adding and when changing an entry's country. Empty: 'No international shipping added'.
 */
export function InternationalShippingPanel({ pageId, locked = false }: InternationalShippingPanelProps) {
  const { doc, page, meta } = useContentPage(pageId);
  const ed = useContentEditor(doc, locked);
  const id = useId();
  const { currency } = useMoney();
  const [draft, setDraft] = useState({ country: '', shipping_id: '', price: '' });
  const [error, setError] = useState<string>();
  if (!page) return <Skeleton label="Loading page…" variant="lines" />;
  const entries = meta.intShipping ?? [];
  const errors = pageContentErrors({ intShipping: entries });

  // Typing clears the last refusal.
  const change = (patch: Partial<typeof draft>) => {
    setDraft({ ...draft, ...patch });
    setError(undefined);
  };

  const add = () => {
    const price = draft.price.trim() === '' ? NaN : Number(draft.price);
    const entry = { shipping_id: draft.shipping_id.trim(), country: draft.country, price };
    const why = !draft.country ? MSG.country : shippingEntryError(entry, entries);
    setError(why);
    if (why) return;
    const e = newShippingEntry(entry, entries);
    if (
      ed.set(`Add shipping to ${countryName(e.country)}`, (m) => {
        (m.intShipping ??= []).push(e);
      })
    ) {
      setDraft({ country: '', shipping_id: '', price: '' });
    }
  };

  return (
    <PanelFrame id="shipping-panel" title="International shipping" locked={locked}>
      <AddForm label="Add international shipping" onAdd={add}>
        <div className={s.grid2}>
          <CountrySelect label="Country" value={draft.country} disabled={locked} onChange={(country) => change({ country })} />
          <TextField
            label="Shipping ID"
            value={draft.shipping_id}
            inputMode="numeric"
            disabled={locked}
            help="The shipping method's ID, up to 3 digits."
            onChange={(e) => change({ shipping_id: e.target.value })}
          />
          <TextField
            label="Price"
            value={draft.price}
            inputMode="decimal"
            disabled={locked}
            help={`In ${currency}, the funnel's currency.`}
            onChange={(e) => change({ price: e.target.value })}
          />
        </div>
        <AddError id={`${id}-error`} error={error} />
        <AddButton locked={locked}>+ Add shipping</AddButton>
        <p className={s.helpText}>{COUNTRIES.length} countries to choose from; each country once.</p>
      </AddForm>
      <EntriesSection count={entries.length} emptyMessage={MSG.noShipping}>
        <Box as="ul" aria-label="International shipping" listStyle="none" padding="none" margin="none" display="grid" gap="sm">
          {entries.map((e, i) => (
            <li key={e.id}>
              <ShippingRow
                entry={e}
                entries={entries}
                ed={ed}
                locked={locked}
                errors={{
                  country: errors[`intShipping.${i}.country`],
                  shipping_id: errors[`intShipping.${i}.shipping_id`],
                  price: errors[`intShipping.${i}.price`],
                }}
              />
            </li>
          ))}
        </Box>
      </EntriesSection>
    </PanelFrame>
  );
}

/** One entry's fields; a country change that would list a country twice is refused with the message. */
const ShippingRow = memo(function ShippingRow({
  entry: e,
  entries,
  ed,
  locked,
  errors,
}: {
  entry: ShippingEntry;
  entries: ShippingEntry[];
  ed: ContentEditor;
  locked: boolean;
  errors: Record<string, string | undefined>;
}) {
  const id = useId();
  const [refused, setRefused] = useState<string>();
  const where = countryName(e.country);
  const it = itemEditor(ed, 'intShipping', e.id);
  return (
    <Box role="group" aria-labelledby={`${id}-title`} className={s.card} padding="md">
      <Inline wrap={false} marginBottom="sm">
        <strong id={`${id}-title`}>Shipping to {where}</strong>
        <span className={s.spacer} />
        <RemoveButton label={`Remove shipping to ${where}`} locked={locked} onPress={() => it.remove(`Remove shipping to ${where}`)} />
      </Inline>
      <div className={s.grid2}>
        <CountrySelect
          label="Country"
          value={e.country}
          disabled={locked}
          error={refused ?? errors.country}
          onChange={(country) => {
            const why = !country ? MSG.country : shippingEntryError({ ...e, country }, entries, e.id);
            setRefused(why);
            if (!why)
              it.set('Set shipping country', (x) => {
                x.country = country;
              });
          }}
        />
        <DraftTextField
          label="Shipping ID"
          value={e.shipping_id ?? ''}
          disabled={locked}
          error={errors.shipping_id}
          validate={shippingIdError}
          onCommit={(t) => it.put('Set shipping ID', 'shipping_id', t.trim())}
        />
        <MoneyField label="Price" value={e.price} disabled={locked} error={errors.price} onCommit={(n) => it.put('Set shipping price', 'price', n)} />
      </div>
    </Box>
  );
});
