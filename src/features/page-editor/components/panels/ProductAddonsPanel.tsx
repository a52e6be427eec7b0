/**
 * The ProductAddons side panel of the page editor (000 §2; §3 "Addon" and keys productAddons,
 * productAddonsActive; §4 addon types; §5 'No added Products'; §9 frames and colours).
 */
import { useId, useState, type ReactNode } from 'react';
import {
  ADDON_FRAME_COLORS,
  ADDON_TYPES,
  CHECKOUT_ADDON_FRAMES,
  MSG,
  addonErrors,
  capitalize,
  flag,
  isOn,
  newAddon,
  newAddonProduct,
  type Addon,
  type AddonProduct,
  type SizeEntry,
} from '../../../../model';
import { Box, Button, Inline, NumberField, SelectField, SortableList, styles as s, TextAreaField, TextField, Skeleton } from '../../../../ui';
import { MoneyField } from '../currency';
import {
  AddButton,
  AddNameField,
  AddForm,
  CardError,
  ChoiceGroup,
  DraftTextField,
  EditToggle,
  EntriesSection,
  FlagField,
  frameOptions,
  PanelFrame,
  RemoveButton,
  swatchOptions,
  useAddName,
  useOpenSet,
  usePanelEditor,
  usePanelPage,
  type PanelProps,
} from './shared';
import * as p from './panels.css';

/** Props of {@link ProductAddonsPanel}: the page id and the funnel's lock. */
export type ProductAddonsPanelProps = PanelProps;

type AddonType = Addon['type'];
type Editor = ReturnType<typeof usePanelEditor>;

const frameLabel = (f: string) => `Frame ${CHECKOUT_ADDON_FRAMES.indexOf(f as Addon['frame']) + 1}`;

/**
 * Edits the page's addons (`productAddons`: list of {@link Addon}, each with its
 * {@link AddonProduct}s) and the Product Extra toggle (`productAddonsActive`: 'true'/'false').
 * Addons are added, edited, removed and reordered (drag or keyboard; one `move` op at drop);
 * an addon without products shows 'No added Products'.
 */
export function ProductAddonsPanel({ pageId, locked = false }: ProductAddonsPanelProps) {
  const { doc, page, meta, errors } = usePanelPage(pageId);
  const ed = usePanelEditor(doc, locked);
  const draft = useAddName();
  const [type, setType] = useState<AddonType>('normal');
  // Which addons are open for editing, by id: kept here so undo/redo of an addon keeps it open.
  const [open, setOpen] = useOpenSet();
  if (!page) return <Skeleton label="Loading page…" variant="lines" />;
  const addons = meta.productAddons ?? [];
  const sizes = meta.productSizes ?? [];

  const add = () => {
    if (!draft.name.trim()) {
      draft.setError(MSG.addonName);
      return;
    }
    const addon = newAddon(draft.name, type, addons);
    if (
      !ed.set(`Add addon ${addon.name}`, (m) => {
        (m.productAddons ??= []).push(addon);
      })
    )
      return;
    draft.setName('');
    setOpen(addon.id, true); // a new addon opens for its details and products
  };

  return (
    <PanelFrame id="addons-panel" title="Product addons" locked={locked}>
      <FlagField
        label="Product Extra"
        checked={isOn(meta.productAddonsActive)}
        disabled={locked}
        error={errors.productAddonsActive}
        help="Shows these extra products on the page."
        onToggle={(v) => ed.put(v ? 'Turn product extra on' : 'Turn product extra off', 'productAddonsActive', flag(v))}
      />
      <AddForm label="Add an addon" onAdd={add}>
        <div className={s.grid2}>
          <AddNameField label="Addon name" placeholder="e.g. Extended warranty" locked={locked} draft={draft} />
          <SelectField label="Addon type" value={type} disabled={locked} options={ADDON_TYPES} onChange={(e) => setType(e.target.value as AddonType)} />
        </div>
        <AddButton locked={locked}>+ Add addon</AddButton>
      </AddForm>
      <EntriesSection count={addons.length} emptyMessage={MSG.noAddons}>
        <SortableList
          label="Addons"
          items={addons}
          disabled={locked}
          nameOf={(a) => `addon ${a.name}`}
          onMove={(from, to) => ed.move(`Move addon ${addons[from]?.name ?? from + 1}`, 'productAddons', from, to)}
        >
          {(a, i, handle) => (
            <AddonCard addon={a} index={i} handle={handle} ed={ed} locked={locked} sizes={sizes} open={open.has(a.id)} onOpen={(o) => setOpen(a.id, o)} />
          )}
        </SortableList>
      </EntriesSection>
    </PanelFrame>
  );
}

interface AddonCardProps {
  addon: Addon;
  index: number;
  handle: ReactNode;
  ed: Editor;
  locked: boolean;
  sizes: SizeEntry[];
  open: boolean;
  onOpen: (open: boolean) => void;
}

function AddonCard({ addon: a, index: i, handle, ed, locked, sizes, open, onOpen }: AddonCardProps) {
  const id = useId();
  const errs = addonErrors(a);
  const products = a.products ?? [];
  const title = a.name || 'Untitled addon';
  const shown = open || locked; // a locked funnel shows every addon, read-only
  const setA = <K extends keyof Addon>(label: string, key: K, value: Addon[K], merge = false) =>
    ed.set(
      label,
      (m) => {
        const x = m.productAddons?.[i];
        if (x) x[key] = value;
      },
      merge ? `productAddons/${a.id}/${String(key)}` : undefined,
    );
  /** An optional text the template shows with the addon; typing merges into one step. */
  const note = (label: string, key: 'place' | 'tag', help: string) => (
    <TextField label={label} value={a[key] ?? ''} disabled={locked} help={help} onChange={(e) => setA(`Set addon ${key}`, key, e.target.value, true)} />
  );

  return (
    <Box role="group" aria-labelledby={`${id}-title`} className={s.card} padding="md">
      <Inline wrap={false}>
        {handle}
        <Box minWidth={0}>
          <strong id={`${id}-title`}>{title}</strong>
          <div className={s.helpText}>
            {capitalize(a.type)} · {frameLabel(a.frame)} · {capitalize(a.color)} · {products.length} {products.length === 1 ? 'product' : 'products'}
          </div>
        </Box>
        <span className={s.spacer} />
        <EditToggle open={open} bodyId={`${id}-body`} what={`addon ${title}`} locked={locked} onToggle={onOpen} />
        <RemoveButton
          label={`Remove addon ${title}`}
          locked={locked}
          onPress={() =>
            ed.set(`Remove addon ${title}`, (m) => {
              m.productAddons?.splice(i, 1);
            })
          }
        />
      </Inline>
      {products.length === 0 && <CardError>{MSG.addonProducts}</CardError>}
      {shown && (
        <div id={`${id}-body`} className={p.subsection}>
          <div className={s.grid2}>
            <DraftTextField
              label="Name"
              value={a.name}
              disabled={locked}
              error={errs.name}
              validate={(t) => (t.trim() ? undefined : MSG.addonName)}
              onCommit={(t) => setA('Rename addon', 'name', t, true)}
            />
            <SelectField
              label="Type"
              value={a.type}
              disabled={locked}
              error={errs.type}
              options={ADDON_TYPES}
              placeholder={(ADDON_TYPES as readonly string[]).includes(a.type) ? undefined : 'Select a type'}
              onChange={(e) => setA('Set addon type', 'type', e.target.value as AddonType)}
            />
            {note('Place', 'place', 'Where the template shows it, e.g. below the packages.')}
            {note('Tag', 'tag', 'A badge, e.g. Best value.')}
          </div>
          <TextAreaField
            label="Description"
            value={a.description ?? ''}
            disabled={locked}
            onChange={(e) => setA('Set addon description', 'description', e.target.value, true)}
          />
          <ChoiceGroup
            legend="Frame"
            value={a.frame}
            disabled={locked}
            error={errs.frame}
            options={frameOptions(CHECKOUT_ADDON_FRAMES)}
            onChange={(f) => setA('Set addon frame', 'frame', f)}
          />
          <ChoiceGroup
            legend="Frame colour"
            row
            value={a.color}
            disabled={locked}
            error={errs.color}
            options={swatchOptions(ADDON_FRAME_COLORS, p.addonSwatch)}
            onChange={(c) => setA('Set addon colour', 'color', c)}
          />
          <fieldset className={p.choices} aria-labelledby={`${id}-products`}>
            <Box as="h3" id={`${id}-products`} fontSize="text" margin="none" marginBottom="sm">
              Products of {title} ({products.length})
            </Box>
            {products.map((pr, j) => (
              <AddonProductEditor key={j} addon={a} index={i} j={j} product={pr} ed={ed} locked={locked} sizes={sizes} errs={errs} />
            ))}
            <Button
              size="sm"
              isDisabled={locked}
              disabledReason={MSG.locked}
              aria-label={`Add product to addon ${title}`}
              onPress={() =>
                ed.set('Add addon product', (m) => {
                  const a = m.productAddons?.[i];
                  if (a) (a.products ??= []).push(newAddonProduct());
                })
              }
            >
              + Add product
            </Button>
          </fieldset>
        </div>
      )}
    </Box>
  );
}

interface AddonProductEditorProps {
  addon: Addon;
  index: number;
  j: number;
  product: AddonProduct;
  ed: Editor;
  locked: boolean;
  sizes: SizeEntry[];
  errs: Record<string, string>;
}

function AddonProductEditor({ addon: a, index: i, j, product: pr, ed, locked, sizes, errs }: AddonProductEditorProps) {
  const title = `Product ${j + 1}${pr.data_name ? ` — ${pr.data_name}` : ''}`;
  const err = (k: keyof AddonProduct) => errs[`products.${j}.${k}`];
  const setP = <K extends keyof AddonProduct>(label: string, key: K, value: AddonProduct[K], merge = true) =>
    ed.set(
      label,
      (m) => {
        const x = m.productAddons?.[i]?.products[j];
        if (x) x[key] = value;
      },
      merge ? `productAddons/${a.id}/products/${j}/${String(key)}` : undefined,
    );
  const money = (label: string, key: 'data_price' | 'data_discount_price' | 'data_org' | 'data_save') => (
    <MoneyField label={label} value={pr[key]} error={err(key)} disabled={locked} onCommit={(n) => setP(`Set addon product ${label.toLowerCase()}`, key, n)} />
  );
  /** A whole-number field from `min`, with its message when what is typed is not one. */
  const whole = (label: string, key: 'data_discount' | 'quantity', min: number, invalidMessage: string, suffix?: string) => (
    <NumberField
      label={label}
      suffix={suffix}
      value={pr[key]}
      min={min}
      step={1}
      error={err(key)}
      invalidMessage={invalidMessage}
      disabled={locked}
      onCommit={(n) => setP(`Set addon product ${label.toLowerCase()}`, key, n)}
    />
  );
  return (
    <Box as="fieldset" className={s.card} padding="md" margin="none" marginBottom="md" aria-label={`${title} of addon ${a.name}`}>
      <Box as="legend" fontWeight="bold" paddingY="none" paddingX="xs">
        {title}
      </Box>
      <div className={s.grid2}>
        <DraftTextField
          label="Product ID"
          value={String(pr.id ?? '')}
          disabled={locked}
          error={err('id')}
          help="The order platform's product id."
          validate={(t) => (/^\d*$/.test(t) ? undefined : MSG.onlyNumbers)}
          onCommit={(t) => setP('Set addon product id', 'id', t)}
        />
        <DraftTextField
          label="Product name"
          value={pr.data_name ?? ''}
          disabled={locked}
          error={err('data_name')}
          validate={(t) => (t.trim() ? undefined : MSG.productName)}
          onCommit={(t) => setP('Rename addon product', 'data_name', t)}
        />
        <TextField
          label="Box name"
          value={pr.data_box_name ?? ''}
          disabled={locked}
          onChange={(e) => setP('Set addon product box name', 'data_box_name', e.target.value)}
        />
        {money('Price', 'data_price')}
        {money('Discount price', 'data_discount_price')}
        {money('Original price', 'data_org')}
        {money('Save', 'data_save')}
        {whole('Discount', 'data_discount', 0, MSG.discount, '%')}
        {whole('Quantity', 'quantity', 1, MSG.quantity)}
        {sizes.length > 0 ? (
          <SelectField
            label="Size"
            value={pr.data_size ?? ''}
            disabled={locked}
            placeholder="No size"
            options={[...new Set([...sizes.map((z) => z.name), ...(pr.data_size ? [pr.data_size] : [])])]}
            onChange={(e) => setP('Set addon product size', 'data_size', e.target.value, false)}
          />
        ) : (
          <TextField label="Size" value={pr.data_size ?? ''} disabled={locked} onChange={(e) => setP('Set addon product size', 'data_size', e.target.value)} />
        )}
        <TextField label="Tag" value={pr.tag ?? ''} disabled={locked} onChange={(e) => setP('Set addon product tag', 'tag', e.target.value)} />
      </div>
      <RemoveButton
        label={`Remove product ${j + 1} of addon ${a.name}`}
        locked={locked}
        onPress={() =>
          ed.set('Remove addon product', (m) => {
            m.productAddons?.[i]?.products.splice(j, 1);
          })
        }
      >
        Remove product
      </RemoveButton>
    </Box>
  );
}
