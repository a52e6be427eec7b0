/**
 * Nothing an upload holds can stop the server: the gallery's checks run in
 * a worker thread with a time limit, so the request thread — the one every other request
 * needs — is never held more than 50 ms by any upload, measured while the upload is answered
 * (the thread's CPU time between ticks of a 2 ms probe; before: 2,000 nested SVG groups held it
 * 1.9 s, 10,000 levels 17 s and a 500). Deep, huge or crowded SVGs are refused by a scan before
 * any parser builds them; images declaring an absurd pixel size, and SVG whose CSS loads
 * something from outside the file, are refused with the reason.
 */
import { once } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/model/messages.ts';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, MAX_SVG_BYTES, MAX_SVG_DEPTH, MAX_SVG_ELEMENTS } from '../../src/server/uploads/images.ts';
import { checkUploadOffThread, uploadCheckThreads } from '../../src/server/uploads/upload-check.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { probeThreadHolds } from './thread-hold.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 100 });
  // The first upload starts the checking thread (tsx, then jsdom on the first SVG): not what is measured.
  const warm = await t.upload(`/api/v1/images/${FUNNEL}`, [{ name: 'warm-up.svg', data: svg('<rect width="1" height="1"/>') }]);
  expect(warm.status, warm.text).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

/** Longest the request thread may be held while an upload is answered. */
const MAX_BLOCK_MS = 50;
const FUNNEL = 2;
const enc = (s: string) => new TextEncoder().encode(s);
const svg = (inner: string, attrs = '') => enc(`<svg xmlns="http://www.w3.org/2000/svg"${attrs}>${inner}</svg>`);
const nested = (levels: number) => svg(`${'<g>'.repeat(levels)}<rect width="1" height="1"/>${'</g>'.repeat(levels)}`);
const rects = (n: number) => svg('<rect x="1" y="2" width="3" height="4" fill="#123456"/>'.repeat(n));

/** A multipart body of one file, built before the measurement so the client's own work is not measured. */
function multipart(name: string, data: Uint8Array): { type: string; body: Uint8Array<ArrayBuffer> } {
  const boundary = `----hostile${Math.random().toString(36).slice(2)}`;
  const parts = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const body = new Uint8Array(parts.byteLength);
  body.set(parts);
  return { type: `multipart/form-data; boundary=${boundary}`, body };
}

/**
 * Runs `work` while a 2 ms interval probes the request thread (this process's main thread: the
 * test server's). A hold is the thread's CPU time between two ticks of the probe (schedstat),
 * so time another process had the CPU — other suites on this 2-core machine — is not counted as
 * ours; without schedstat it is the wall-clock delay perf_hooks' monitorEventLoopDelay saw.
 * @returns its result and the longest hold (ms), read after one more round of the loop so a
 * hold at the very end is counted too.
 */
async function holding<T>(work: () => Promise<T>): Promise<{ result: T; maxBlockMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const probe = probeThreadHolds();
  try {
    const result = await work();
    await new Promise((r) => setTimeout(r, 30));
    return { result, maxBlockMs: probe.longestMs() ?? delay.max / 1e6 };
  } finally {
    probe.stop();
    delay.disable();
  }
}

/**
 * The upload's client: a worker thread that POSTs `workerData.body` when told to. A browser sends
 * from elsewhere; sent from this thread, undici's own work on a 10MB body (40 ms at a stretch)
 * would be counted as the server's.
 */
const CLIENT = `const { parentPort, workerData: w } = require('node:worker_threads');
parentPort.once('message', async () => {
  const res = await fetch(w.url, { method: 'POST', headers: w.headers, body: w.body });
  parentPort.postMessage({ status: res.status, body: await res.json() });
});`;

/** Uploads one file to the gallery (body prepared and handed to the client thread beforehand) and measures the request thread meanwhile. */
async function measuredUpload(name: string, data: Uint8Array, query = '') {
  const { type, body } = multipart(name, data);
  const client = new Worker(CLIENT, {
    eval: true,
    workerData: { url: `${t.url}/api/v1/images/${FUNNEL}${query}`, headers: { 'Content-Type': type, Authorization: `Bearer ${t.token}` }, body },
  });
  try {
    await once(client, 'online'); // its start-up is not measured
    const { result, maxBlockMs } = await holding(async () => {
      const answered = once(client, 'message');
      client.postMessage('send');
      const [answer] = (await answered) as [{ status: number; body: { message: string; reason?: string; file?: string } }];
      return answer;
    });
    return { ...result, maxBlockMs };
  } finally {
    await client.terminate();
  }
}

// ---- images declaring a pixel size -----------------------------------------------------------
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Uint8Array) => {
  let c = 0xffffffff;
  for (const x of b) c = (CRC_TABLE[(c ^ x) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** The one-pixel PNG with its header (IHDR, CRC fixed) declaring `width` x `height`. */
function pngDeclaring(width: number, height: number): Uint8Array {
  const b = Buffer.from(ONE_PIXEL_PNG);
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b.writeUInt32BE(crc32(b.subarray(12, 29)), 29);
  return new Uint8Array(b);
}
/** A one-pixel GIF whose screen descriptor declares `width` x `height`. */
function gifDeclaring(width: number, height: number): Uint8Array {
  const b = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return new Uint8Array(b);
}

describe('hostile SVG structure is refused before parsing, off the request thread', () => {
  it(`refuses 2,000 and 10,000 nested groups (deeper than ${MAX_SVG_DEPTH}) in words, holding the thread < ${MAX_BLOCK_MS} ms`, async () => {
    for (const levels of [2000, 10_000]) {
      const r = await measuredUpload(`nested-${levels}.svg`, nested(levels));
      expect(r.status, `${levels}: ${JSON.stringify(r.body)}`).toBe(422);
      expect(r.body).toEqual({
        message: MSG.uploadFailed(`nested-${levels}.svg`),
        reason: `SVG files may nest elements at most ${MAX_SVG_DEPTH} levels deep`,
        file: `nested-${levels}.svg`,
      });
      expect(r.maxBlockMs, `${levels} levels held the thread`).toBeLessThan(MAX_BLOCK_MS);
    }
    // The limit itself is fine.
    const ok = await measuredUpload('nested-ok.svg', nested(MAX_SVG_DEPTH - 1));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it(`refuses an SVG over ${MAX_SVG_BYTES / 1024 / 1024}MB or with more than ${MAX_SVG_ELEMENTS} elements, holding the thread < ${MAX_BLOCK_MS} ms`, async () => {
    const huge = svg(`<path d="M0 0${' L1 2'.repeat(Math.ceil(MAX_SVG_BYTES / 5))}"/>`);
    const big = await measuredUpload('huge.svg', huge);
    expect(big.status).toBe(422);
    expect(big.body.reason).toBe('An SVG file must be smaller than 2MB');
    expect(big.maxBlockMs).toBeLessThan(MAX_BLOCK_MS);
    const crowded = await measuredUpload('crowded.svg', rects(MAX_SVG_ELEMENTS + 1));
    expect(crowded.status).toBe(422);
    expect(crowded.body.reason).toBe('SVG files may have at most 10,000 elements');
    expect(crowded.maxBlockMs).toBeLessThan(MAX_BLOCK_MS);
  });

  it('sanitizes the largest SVG the limits allow in a worker: other requests are answered meanwhile', async () => {
    // ~0.5 MB of 9,999 elements: seconds of jsdom and DOMPurify (before: all of it on the request thread).
    const { type, body } = multipart('largest.svg', rects(MAX_SVG_ELEMENTS - 1));
    const { result, maxBlockMs } = await holding(async () => {
      const upload = fetch(`${t.url}/api/v1/images/${FUNNEL}`, { method: 'POST', headers: { 'Content-Type': type, Authorization: `Bearer ${t.token}` }, body });
      let done = false;
      const answered = upload.then((res) => {
        done = true;
        return res.status;
      });
      const health: number[] = [];
      while (!done) {
        const t0 = performance.now();
        expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
        health.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
      return { status: await answered, health };
    });
    expect(result.status).toBe(201);
    // The upload took a while, and the health checks kept being answered during it.
    expect(result.health.length).toBeGreaterThan(3);
    expect(maxBlockMs).toBeLessThan(MAX_BLOCK_MS);
  });

  it(`holds the thread < ${MAX_BLOCK_MS} ms for a 10MB image`, async () => {
    const big = new Uint8Array(10 * 1024 * 1024);
    big.set(ONE_PIXEL_PNG.subarray(0, 33));
    big.set(ONE_PIXEL_PNG.subarray(ONE_PIXEL_PNG.length - 12), big.length - 12);
    const r = await measuredUpload('ten-mb.png', big);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.maxBlockMs).toBeLessThan(MAX_BLOCK_MS);
  });

  it('stops a check past its time limit: the worker is terminated, the upload refused, the next check works', async () => {
    // A thread that has loaded its modules, so the slow check below is the one whose thread is terminated.
    const fine = multipart('fine.svg', svg('<circle r="1"/>'));
    expect((await checkUploadOffThread(fine.body.slice().buffer, fine.type, undefined)).ok).toBe(true);
    const { type, body } = multipart('slow.svg', rects(MAX_SVG_ELEMENTS - 1));
    const { result, maxBlockMs } = await holding(async () => {
      const checking = checkUploadOffThread(body.slice().buffer, type, undefined, { timeoutMs: 300 });
      const [worker] = uploadCheckThreads();
      return { answer: await checking, worker };
    });
    expect(result.answer).toEqual({
      ok: false,
      status: 422,
      message: 'The upload could not be checked within 0.3 s (an SVG too large or complex?); nothing was stored',
    });
    expect(maxBlockMs).toBeLessThan(MAX_BLOCK_MS);
    // Its thread was terminated (left alone it would have run on for seconds, then waited idle a minute).
    const worker = result.worker as Worker;
    if (worker.threadId !== -1) {
      await Promise.race([once(worker, 'exit'), new Promise((_, reject) => setTimeout(() => reject(new Error('the worker was not terminated')), 5000))]);
    }
    expect(uploadCheckThreads()).not.toContain(worker);
    expect((await checkUploadOffThread(fine.body.slice().buffer, fine.type, undefined)).ok).toBe(true);
  });
});

describe('declared pixel sizes and external resources', () => {
  const sizeReason = (w: number, h: number) =>
    `An image may be at most ${MAX_IMAGE_SIDE} px wide and high and ${MAX_IMAGE_PIXELS / 1e6} megapixels; this image is ${w} x ${h} px`;

  it(`refuses images declaring more than ${MAX_IMAGE_SIDE} px a side or ${MAX_IMAGE_PIXELS / 1e6} megapixels, with the size they declare`, async () => {
    const cases: [string, Uint8Array, number, number][] = [
      ['absurd.png', pngDeclaring(100_000, 100_000), 100_000, 100_000],
      ['wide.png', pngDeclaring(MAX_IMAGE_SIDE + 1, 10), MAX_IMAGE_SIDE + 1, 10],
      ['square.png', pngDeclaring(12_000, 12_000), 12_000, 12_000],
      ['absurd.gif', gifDeclaring(30_000, 30_000), 30_000, 30_000],
      ['absurd.svg', svg('<rect width="1" height="1"/>', ' width="100000" height="100000"'), 100_000, 100_000],
    ];
    for (const [name, data, w, h] of cases) {
      const r = await measuredUpload(name, data);
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(422);
      expect(r.body).toEqual({ message: MSG.uploadFailed(name), reason: sizeReason(w, h), file: name });
    }
    // At the limits: accepted; an SVG with only a viewBox declares no pixel size.
    expect((await measuredUpload('limit.png', pngDeclaring(MAX_IMAGE_SIDE, MAX_IMAGE_PIXELS / MAX_IMAGE_SIDE))).status).toBe(201);
    expect((await measuredUpload('map.svg', svg('<rect width="1" height="1"/>', ' viewBox="0 0 100000 100000"'))).status).toBe(201);
  });

  it('refuses SVG whose <style> or attributes load anything from outside the file, keeps url(#id)', async () => {
    const external = [
      '<style>rect{fill:url(https://evil.example/x.png)}</style><rect width="1" height="1"/>',
      '<style>rect{fill:url("//evil.example/x.png")}</style><rect width="1" height="1"/>',
      '<style>rect{fill:u\\72l(https://evil.example/x.png)}</style><rect width="1" height="1"/>',
      '<style>rect{background:url(data:image/png;base64,AAAA)}</style><rect width="1" height="1"/>',
      '<style>@font-face{font-family:x;src:local(Arial)}</style><text>x</text>',
      '<style>rect{background-image:image-set("https://evil.example/x.png" 1x)}</style><rect width="1" height="1"/>',
      '<rect width="1" height="1" style="fill:url(&#104;ttps://evil.example/x.png)"/>',
      '<rect width="1" height="1" fill="url(https://evil.example/x.svg#a)"/>',
      '<rect width="1" height="1" filter="url(http://evil.example/f.svg#f)"/>',
    ];
    for (const [i, inner] of external.entries()) {
      const r = await measuredUpload(`external-${i}.svg`, svg(inner));
      expect(r.status, `${inner}: ${JSON.stringify(r.body)}`).toBe(422);
      expect(r.body.reason, inner).toBe('SVG files may not load anything from outside the file: url() may only point to an element of the file (#id)');
    }
    const local = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<style>.a{fill:url(\'#g\')}</style><rect class="a" width="1" height="1"/><rect width="1" height="1" fill="url(#g)" style="stroke:url( #g )"/>',
    );
    const ok = await measuredUpload('gradient.svg', local);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });
});
