/**
 * The live stream's connection state: `useFunnelLive` publishes it to
 * `liveConnection`, which the editor bar reads — paused while the stream is down and
 * reconnecting, live again once the server says hello.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { liveConnection, useFunnelLive, useLiveConnection } from '../../../src/api/live';

/** One SSE response per connection; `end()` drops that connection. */
function streamingFetch() {
  const conns: { end: () => void }[] = [];
  const fetchMock = vi.fn(() => {
    let ctrl!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        ctrl = c;
      },
    });
    const n = conns.length + 1;
    ctrl.enqueue(new TextEncoder().encode(`event: hello\ndata: {"conn":"c${n}"}\n\n`));
    conns.push({ end: () => ctrl.close() });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }));
  });
  return { fetchMock, conns };
}

describe('live connection state', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('follows the stream: live, paused while it is down, live again after the reconnect, idle when closed', async () => {
    const { fetchMock, conns } = streamingFetch();
    vi.stubGlobal('fetch', fetchMock);
    const seen = renderHook(() => useLiveConnection());
    expect(seen.result.current).toBe('idle');
    const hook = renderHook(() =>
      useFunnelLive(
        7,
        'page:1',
        () => {},
        () => {},
      ),
    );
    await vi.waitFor(() => expect(liveConnection.get()).toBe('live'));
    expect(seen.result.current).toBe('live');

    await act(async () => {
      conns[0]!.end();
      await Promise.resolve();
    });
    await vi.waitFor(() => expect(liveConnection.get()).toBe('paused'));
    expect(seen.result.current).toBe('paused');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    }); // the first backoff
    await vi.waitFor(() => expect(liveConnection.get()).toBe('live'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(seen.result.current).toBe('live');

    hook.unmount();
    expect(liveConnection.get()).toBe('idle');
  });

  it('is paused when the first connection fails and the tab keeps trying', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const hook = renderHook(() =>
      useFunnelLive(
        7,
        null,
        () => {},
        () => {},
      ),
    );
    await vi.waitFor(() => expect(liveConnection.get()).toBe('paused'));
    hook.unmount();
    expect(liveConnection.get()).toBe('idle');
  });
});
