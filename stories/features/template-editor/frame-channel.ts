/**
 * The frame's side of the template editor's port, for the stories of the frame and the screen.
 * A play function cannot reach into the sandboxed frame (an opaque origin), so a story records
 * the parent's end of the port and speaks as the frame's runtime would: everything after the
 * port (validation, cleaning, the command, the hotkeys) is the app's real code; the runtime's
 * own side is driven in tests/e2e/template-editor.e2e.ts.
 */
import { expect, waitFor } from 'storybook/test';
import { PROTO } from '../../../src/features/template-editor/protocol';

const channels: MessageChannel[] = [];
const RealChannel = globalThis.MessageChannel;
class RecordedChannel extends RealChannel {
  constructor() {
    super();
    channels.push(this);
  }
}
/** The app's channel to its frame: the first one opened once the frame's `ready` arrived (others belong to MSW and React). */
let frameChannel: MessageChannel | null = null;

/**
 * A story's `beforeEach`: records every MessageChannel opened from now on and keeps the one the
 * app opens right after the frame says `ready`; the cleanup it returns restores MessageChannel.
 */
export function recordFrameChannel() {
  channels.length = 0;
  frameChannel = null;
  globalThis.MessageChannel = RecordedChannel;
  // Added before the app's own listener: it runs first, and the app answers `ready` right after.
  const onReady = (e: MessageEvent) => {
    if ((e.data as { type?: unknown } | null)?.type !== 'ready') return;
    const n = channels.length;
    setTimeout(() => {
      frameChannel = channels[n] ?? null;
    });
  };
  window.addEventListener('message', onReady);
  return () => {
    window.removeEventListener('message', onReady);
    globalThis.MessageChannel = RealChannel;
  };
}

/** Waits (up to 10 s) until the app listens on its end of the frame's port. */
export const framePortReady = () => waitFor(() => expect(typeof frameChannel?.port1.onmessage).toBe('function'), { timeout: 10_000 });

/** Sends `message` to the app as its frame would, on the app's port. Throws before the frame said ready. */
export function fromFrame(message: Record<string, unknown>) {
  const port = frameChannel?.port1;
  if (!port?.onmessage) throw new Error('The frame has not said ready yet');
  port.onmessage(new MessageEvent('message', { data: { proto: PROTO, ...message } }));
}
