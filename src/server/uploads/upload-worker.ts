/**
 * The gallery upload check as a worker task: reads the multipart body and runs
 * every file through {@link checkImage} (and a banner's pixel size) in a worker thread, so no
 * upload — a 10MB polyglot scan, an SVG on jsdom — holds the request thread. Run through
 * upload-check.ts, which stops it after its time limit.
 */
import { MSG } from '../../model/messages.ts';
import { bannerSizeError, type BannerKind } from '../../model/images.ts';
import { MAX_UPLOAD_BYTES } from '../../model/constants.ts';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { checkImage, pixelSize } from './images.ts';

/** An upload to check: the request's raw body and Content-Type, and the banner kind asked for. */
export interface UploadTask {
  body: ArrayBuffer;
  contentType: string;
  banner?: BannerKind;
}

/** A file that passed: its label (the name sent), the name it is stored under and its bytes. */
export interface CheckedFile {
  label: string;
  name: string;
  data: Uint8Array;
}

/** A refusal as the API answers it: status, `{ message, ...extra }` (the file and why) and headers. */
export interface UploadRefusal {
  ok: false;
  status: 400 | 413 | 422 | 503;
  message: string;
  extra?: { reason?: string; file?: string };
  headers?: Record<string, string>;
}

/** The answer of the check: every file passed, or the refusal. */
export type UploadCheck = { ok: true; files: CheckedFile[] } | UploadRefusal;

/** The files of a multipart body (fields `file`, `files`, `image`), as `uploadedFiles` reads them, or its refusal. */
async function filesOf(task: UploadTask): Promise<File[] | UploadRefusal> {
  let form: FormData;
  try {
    form = await new Request('http://upload.invalid/', { method: 'POST', headers: { 'Content-Type': task.contentType }, body: task.body }).formData();
  } catch {
    return { ok: false, status: 400, message: 'The body is not valid multipart/form-data' };
  }
  const files = ['file', 'files', 'image'].flatMap((k) => form.getAll(k)).filter((v): v is File => typeof v !== 'string');
  if (!files.length) return { ok: false, status: 422, message: 'No file uploaded: send it in the field "file"' };
  if (files.length > 20) return { ok: false, status: 422, message: 'At most 20 files at once' };
  return files;
}

/**
 * Checks every file of the upload in order; the first refusal ends the check (all or nothing).
 * @returns the refusal, or the passed files moved out ({@link movedOut}): the request thread
 * receives an {@link UploadCheck} either way.
 */
export async function checkUpload(task: UploadTask): Promise<UploadRefusal | ReturnType<typeof move>> {
  const files = await filesOf(task);
  if (!Array.isArray(files)) return files;
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const label = file.name || 'file';
    if (file.size > MAX_UPLOAD_BYTES) return { ok: false, status: 413, message: MSG.imageTooLarge, extra: { file: label } };
    const r = await checkImage(file.name, new Uint8Array(await file.arrayBuffer()));
    if (!r.ok)
      return { ok: false, status: r.status, message: r.status === 413 ? MSG.imageTooLarge : MSG.uploadFailed(label), extra: { reason: r.reason, file: label } };
    if (task.banner) {
      const why = bannerSizeError(task.banner, pixelSize(r.data));
      if (why) return { ok: false, status: 422, message: why, extra: { file: label } };
    }
    checked.push({ label, name: r.name, data: r.data });
  }
  return movedOut(checked);
}

/**
 * The passed files as the answer, their bytes in one new buffer that moves to the request thread
 * (piscina's `move`: transferred, not copied): a structured clone of a 10MB image would hold that
 * thread for its copy.
 */
function movedOut(files: CheckedFile[]): ReturnType<typeof move> {
  const all = new Uint8Array(files.reduce((n, f) => n + f.data.byteLength, 0));
  let at = 0;
  const answer: UploadCheck = {
    ok: true,
    files: files.map((f) => {
      all.set(f.data, at);
      at += f.data.byteLength;
      return { ...f, data: all.subarray(at - f.data.byteLength, at) };
    }),
  };
  return move({ [transferableSymbol]: all.buffer, [valueSymbol]: answer });
}
