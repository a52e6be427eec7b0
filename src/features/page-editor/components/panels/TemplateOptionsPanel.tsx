/**
 * The Template options side panel of the page editor (000 §2 "colours, shipping, full price,
 * out of stock"; §3 keys main_color, withShipping, withFullPrice, outOfStock; §4 one colour at a time).
 */
import { TEMPLATE_COLORS, flag, isOn, pageHasSetting } from '../../../../model';
import { ChoiceGroup, FlagField, PanelFrame, swatchOptions, usePanelEditor, usePanelPage, type PanelProps } from './shared';
import { Skeleton } from '../../../../ui';
import * as p from './panels.css';

/** Props of {@link TemplateOptionsPanel}: the page id and the funnel's lock. */
export type TemplateOptionsPanelProps = PanelProps;

const TOGGLES = [
  { key: 'withShipping', label: 'With shipping', help: 'Shows the shipping cost with the packages.' },
  { key: 'withFullPrice', label: 'With full price', help: 'Shows the regular price struck through next to each package price.' },
  { key: 'outOfStock', label: 'Out of stock', help: 'Shows a sold-out notice and disables the order button.' },
] as const;

/**
 * Picks the template's main colour (`main_color`: blue, green or orange — a radio group, one
 * at a time) and the toggles `withShipping`, `withFullPrice`, `outOfStock` ('true'/'false'),
 * the toggles only on the page types that render them (order pages; src/model/page-panels.ts).
 */
export function TemplateOptionsPanel({ pageId, locked = false }: TemplateOptionsPanelProps) {
  const { doc, page, meta, errors } = usePanelPage(pageId);
  const ed = usePanelEditor(doc, locked);
  if (!page) return <Skeleton label="Loading page…" variant="lines" />;
  return (
    <PanelFrame id="template-options-panel" title="Template options" locked={locked}>
      <ChoiceGroup
        legend="Main colour"
        row
        value={meta.main_color}
        disabled={locked}
        error={errors.main_color}
        options={swatchOptions(TEMPLATE_COLORS, p.templateSwatch)}
        onChange={(c) => ed.put(`Set main colour ${c}`, 'main_color', c)}
      />
      {TOGGLES.filter((t) => pageHasSetting(page.page_type, t.key)).map((t) => (
        <FlagField
          key={t.key}
          label={t.label}
          help={t.help}
          checked={isOn(meta[t.key])}
          disabled={locked}
          error={errors[t.key]}
          onToggle={(v) => ed.put(`Turn ${t.label.toLowerCase()} ${v ? 'on' : 'off'}`, t.key, flag(v))}
        />
      ))}
    </PanelFrame>
  );
}
