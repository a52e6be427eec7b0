/**
 * File uploads with progress (000 §2 "Image gallery", §5 uploads): `fetch` reports no upload
 * progress, so a multipart upload goes through XMLHttpRequest with the client's token, error
 * reporting (000 §8) and answer parsing.
 */
import type { z } from 'zod';
import { ApiError, apiAuth, failure, parseAnswer, reportFailure } from './client';

/** Options of {@link uploadFiles}. */
export interface UploadOptions {
  /** Called with the fraction sent, 0…1, as the browser reports it. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Set false when the caller shows the failure itself. */
  notify?: boolean;
  /** The multipart field name (the API accepts `file`, repeated). */
  field?: string;
}

/**
 * POSTs `files` as multipart/form-data to `path` and parses the answer with `schema`.
 * @throws ApiError on a non-2xx answer (its `message`) or when the server cannot be reached
 * (status 0); AnswerShapeError on an unexpected answer; DOMException `AbortError` when aborted.
 */
export function uploadFiles<S extends z.ZodType>(schema: S, path: string, files: readonly File[], o: UploadOptions = {}): Promise<z.output<S>> {
  const { token, base } = apiAuth();
  const form = new FormData();
  for (const f of files) form.append(o.field ?? 'file', f, f.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', base + path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) o.onProgress?.(e.loaded / e.total);
    };
    const fail = (err: ApiError) => {
      reportFailure(err, o.notify !== false);
      reject(err);
    };
    xhr.onerror = () => fail(new ApiError(0, 'The server could not be reached. Check your connection and try again.', null));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        fail(failure(xhr.status, data));
        return;
      }
      try {
        resolve(parseAnswer(schema, 'POST', path, data));
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    };
    o.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
