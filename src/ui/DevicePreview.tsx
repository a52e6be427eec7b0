import { useState } from 'react';
import { Segmented } from './Segmented';
import { vars } from './theme.css';

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
    <section aria-label="Preview" style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 0, height: '100%' }}>
      <Segmented label="Device" options={DEVICES} value={device} onChange={set}>
        {busy && <span aria-live="polite" style={{ color: vars.color.muted, fontSize: 12, alignSelf: 'center' }}>Updating…</span>}
      </Segmented>
      <div style={{ flex: 1, overflow: 'auto', background: vars.color.surfaceAlt, borderRadius: vars.radius.md, padding: 8, minHeight: 480 }}>
        <iframe title={title} srcDoc={html} sandbox="allow-same-origin" data-device={device}
          style={{ width: DEVICE_WIDTHS[device], maxWidth: device === 'desktop' ? '100%' : undefined, height: '100%', minHeight: 460, border: `1px solid ${vars.color.border}`, background: '#fff', display: 'block', margin: '0 auto' }} />
      </div>
    </section>
  );
}
