import { useLayoutEffect, useRef, useState, type Ref } from 'react';
import { Segmented } from './Segmented';
import { Box } from './Box';
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
  /**
   * The frame's sandbox (default `allow-same-origin`: no scripts). The template editor passes
   * `allow-scripts` alone, so its runtime runs in an opaque origin that can reach nothing of the app.
   */
  sandbox?: 'allow-same-origin' | 'allow-scripts';
  /** The iframe element (the template editor talks to its frame). */
  frameRef?: Ref<HTMLIFrameElement>;
  /**
   * The smallest scale the page is shown at (default 0: always fit the width). Below it the page
   * keeps this scale and the well scrolls sideways, so a desktop page in a narrow column stays
   * readable (the published page at 1024 px was 22 %).
   */
  minScale?: number;
}

/**
 * The scale that fits a page `width` CSS px wide into `available` px (never above 1, never
 * below `minScale`: the well then scrolls sideways), and the frame height that then fills
 * `height` px. Before the well is measured: 1 and no height.
 */
export function fitScale(width: number, available: number, height: number, minScale = 0): { scale: number; frameHeight?: number } {
  const scale = available > 0 ? Math.min(1, Math.max(minScale, available / width)) : 1;
  return { scale, frameHeight: height > 0 ? height / scale : undefined };
}

/**
 * A page preview with the desktop / tablet / mobile toggle. The page is laid out at the
 * device's width and scaled down to the space there is (a desktop page looks like a desktop
 * page, not a narrow one), and the frame fills the well's height. The frame is sandboxed
 * without `allow-scripts` by default, so nothing in a previewed page can run; it never gets
 * both `allow-scripts` and `allow-same-origin` (that would be no sandbox at all).
 */
export function DevicePreview({
  html,
  title,
  device: controlled,
  onDeviceChange,
  busy,
  sandbox = 'allow-same-origin',
  frameRef,
  minScale = 0,
}: DevicePreviewProps) {
  const [own, setOwn] = useState<Device>('desktop');
  const device = controlled ?? own;
  const set = (d: Device) => {
    setOwn(d);
    onDeviceChange?.(d);
  };
  const well = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ w: 0, h: 0 });
  useLayoutEffect(() => {
    const el = well.current;
    if (!el) return;
    const measure = () => setBox({ w: el.clientWidth - 16, h: el.clientHeight - 16 });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const width = DEVICE_WIDTHS[device];
  const { scale, frameHeight } = fitScale(width, box.w, box.h, minScale);
  // Held at its smallest scale: the page is wider than the well, which scrolls sideways.
  const sideways = box.w > 0 && width * scale > box.w + 0.5;
  return (
    <section aria-label="Preview" className={s.preview}>
      <Segmented label="Device" options={DEVICES} value={device} onChange={set}>
        {busy && (
          <Box as="span" aria-live="polite" color="muted" fontSize="small" alignSelf="center">
            Updating…
          </Box>
        )}
        {/* The zoom, when held at its smallest: why the page looks small and runs past the well's right edge. */}
        {sideways && (
          <Box as="span" color="muted" fontSize="small" alignSelf="center" whiteSpace="nowrap" title="Shown at this size; scroll sideways for the rest">
            {Math.round(scale * 100)} %
          </Box>
        )}
      </Segmented>
      <div
        className={s.previewWell}
        ref={well}
        style={sideways ? { overflowX: 'auto' } : undefined}
        {...(sideways ? { tabIndex: 0, role: 'region', 'aria-label': `${title}, scrolls sideways` } : {})}
      >
        {/* Runtime values: the device's width, the scale that fits it, the height that fills the well. */}
        <div className={s.previewFit} style={{ width: width * scale, height: frameHeight === undefined ? undefined : frameHeight * scale }}>
          <iframe
            ref={frameRef}
            title={title}
            srcDoc={html}
            sandbox={sandbox}
            data-device={device}
            data-scale={scale.toFixed(3)}
            className={s.previewFrame}
            style={{ width, height: frameHeight, transform: scale < 1 ? `scale(${scale})` : undefined }}
          />
        </div>
      </div>
    </section>
  );
}
