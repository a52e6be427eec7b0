/**
 * The Warranty side panel of the page editor (000 §2; §3 keys warranty, warrantyFrame,
 * warrantyJourney; §5 'Please select warranty frame'; §9 five warranty frames).
 */
import { WARRANTY_FRAMES, flag, isOn } from '../../../../model';
import { TextAreaField, styles as s, Skeleton } from '../../../../ui';
import { ChoiceGroup, FlagField, frameOptions, PanelFrame, usePanelEditor, usePanelPage, type PanelProps } from './shared';

/** Props of {@link WarrantyPanel}: the page id and the funnel's lock. */
export type WarrantyPanelProps = PanelProps;

/**
 * Turns the warranty offer on or off (`warranty`: 'true'/'false'), picks one of the 5
 * WARRANTY_FRAMES (`warrantyFrame`), sets its text (`warrantyText`) and the Journey fixed
 * price toggle (`warrantyJourney`: 'true'/'false'). A warranty that is on without a frame
 * shows 'Please select warranty frame'. Warranty prices stay per package (Products panel).
 */
export function WarrantyPanel({ pageId, locked = false }: WarrantyPanelProps) {
  const { doc, page, meta, errors } = usePanelPage(pageId);
  const ed = usePanelEditor(doc, locked);
  if (!page) return <Skeleton label="Loading page…" variant="lines" />;
  const on = isOn(meta.warranty);
  return (
    <PanelFrame id="warranty-panel" title="Warranty" locked={locked}>
      <FlagField
        label="Warranty"
        checked={on}
        disabled={locked}
        error={errors.warranty}
        help="Offers a warranty for the order on this page."
        onToggle={(v) => ed.put(v ? 'Turn warranty on' : 'Turn warranty off', 'warranty', flag(v))}
      />
      <ChoiceGroup
        legend="Warranty frame"
        value={meta.warrantyFrame}
        disabled={locked}
        error={errors.warrantyFrame}
        options={frameOptions(WARRANTY_FRAMES)}
        onChange={(f) => ed.put('Set warranty frame', 'warrantyFrame', f)}
      />
      <TextAreaField
        label="Warranty text"
        value={meta.warrantyText ?? ''}
        disabled={locked}
        help="Shown inside the frame, e.g. “Protect your order for 2 years”."
        onChange={(e) => ed.put('Set warranty text', 'warrantyText', e.target.value, true)}
      />
      <FlagField
        label="Journey fixed price"
        checked={isOn(meta.warrantyJourney)}
        disabled={locked}
        error={errors.warrantyJourney}
        onToggle={(v) => ed.put(v ? 'Turn journey fixed price on' : 'Turn journey fixed price off', 'warrantyJourney', flag(v))}
      />
      <p className={s.helpText}>Warranty prices are set per package in the Products panel.</p>
    </PanelFrame>
  );
}
