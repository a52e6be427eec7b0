import { useState } from 'react';
import { Segmented } from './Segmented';
import { Box } from './Box';
import { sprinkles } from './sprinkles.css';
import * as s from './styles.css';

/** Device widths in CSS px (000 §2 "Device preview toggle"). */
export const DEVICE_WIDTHS = { desktop: 1200, tablet: 768, mobile: 375 } as const;
export type Device = keyof typeof DEVICE_WIDTHS;
const DEVICES = (Object.keys(DEVICE_WIDTHS) as Device[]).map((id) => ({ id, label: id.charAt(0).toUpperCase() + id.slice(1) }));

/** Props of {@link DevicePreview}. */
export interface DevicePreviewProps {
  /** The page's HTML (already rendered); shown in a sandboxed frame with scripts off. */
  html: string;
  title: string;
  device?: Device;
  onDeviceChange?: (d: Device) => void;
  /** Shown over the frame while a newer rendering is on its way. */
  busy?: boolean;
}

/**
 * A page preview with the desktop / tablet / mobile toggle. The frame is sandboxed without
 * `allow-scripts`, so nothing in a previewed page can run.
 */
export function DevicePreview({ html, title, device: controlled, onDeviceChange, busy }: DevicePreviewProps) {
  const [own, setOwn] = useState<Device>('desktop');
  const device = controlled ?? own;
  const set = (d: Device) => { setOwn(d); onDeviceChange?.(d); };
  return (
    <section aria-label="Preview" className={s.preview}>
      <Segmented label="Device" options={DEVICES} value={device} onChange={set}>
        {busy && <Box as="span" aria-live="polite" color="muted" fontSize="small" alignSelf="center">Updating…</Box>}
      </Segmented>
      <div className={s.previewWell}>
        <iframe title={title} srcDoc={html} sandbox="allow-same-origin" data-device={device}
          className={device === 'desktop' ? `${s.previewFrame} ${sprinkles({ maxWidth: 'full' })}` : s.previewFrame}
          // The one runtime value: the chosen device's width.
          style={{ width: DEVICE_WIDTHS[device] }} />
      </div>
    </section>
  );
}
