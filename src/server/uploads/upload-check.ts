/**
 * Runs the gallery upload check (upload-worker.ts) in a worker pool with a time limit: the request
 * thread only hands over the body and writes what passed. A check
 * past {@link UPLOAD_CHECK_TIMEOUT_MS} has its worker terminated and the upload refused.
 */
import type { Worker } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import type { BannerKind } from '../../model/images.ts';
import { runTask, workerPool, WorkerBusyError, WorkerOutOfMemoryError, WorkerTimeoutError } from '../workers.ts';
import type { UploadCheck } from './upload-worker.ts';

/** Longest an upload's check may run once a thread has begun it (an SVG of 10,000 elements takes 2–3 s); waiting for the thread is capped apart (workers.ts). */
export const UPLOAD_CHECK_TIMEOUT_MS = 10_000;
/** Uploads that may wait for a checking thread; one more is answered 503. */
const MAX_WAITING = 16;

let pool: Piscina | null = null;
/**
 * The pool, started on the first upload. A worker may use 1 GB of heap (jsdom and DOMPurify
 * take about 600 MB for an SVG of 10,000 elements): past it the worker ends, not the server.
 */
const uploadPool = (): Piscina =>
  (pool ??= workerPool(new URL('./upload-worker.ts', import.meta.url), {
    maxQueue: MAX_WAITING,
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
  }));

/** The checking pool's threads now (none before the first upload, nor after a minute idle): for tests and monitoring. */
export function uploadCheckThreads(): readonly Worker[] {
  return pool?.threads ?? [];
}

/**
 * Checks a multipart upload's files in a worker: `body` (transferred, unusable here after the
 * call) with its `contentType`, and the banner kind asked for.
 * @returns the worker's answer ({@link UploadCheck}), or a refusal: 422 when the check ran past
 * `timeoutMs` (default {@link UPLOAD_CHECK_TIMEOUT_MS}) or its memory cap, 503 (Retry-After)
 * when too many uploads wait or one waited a minute for a thread. @throws what the worker threw otherwise (a bug: the API's 500).
 */
export async function checkUploadOffThread(
  body: ArrayBuffer,
  contentType: string,
  banner: BannerKind | undefined,
  opts: { timeoutMs?: number } = {},
): Promise<UploadCheck> {
  const timeoutMs = opts.timeoutMs ?? UPLOAD_CHECK_TIMEOUT_MS;
  try {
    return await runTask<UploadCheck>(uploadPool(), 'checkUpload', { body, contentType, banner }, { timeoutMs, transferList: [body] });
  } catch (e) {
    if (e instanceof WorkerTimeoutError) {
      return {
        ok: false,
        status: 422,
        message: `The upload could not be checked within ${timeoutMs / 1000} s (an SVG too large or complex?); nothing was stored`,
      };
    }
    if (e instanceof WorkerOutOfMemoryError)
      return { ok: false, status: 422, message: 'The upload needs too much memory to check (an SVG too large or complex?); nothing was stored' };
    if (e instanceof WorkerBusyError)
      return { ok: false, status: 503, message: 'The server is checking too many uploads; try again in a few seconds', headers: { 'Retry-After': '5' } };
    throw e;
  }
}
