/**
 * The image gallery of a funnel (000 §2 "Image gallery", §7 "Images"): list, upload
 * (multipart, field `file`, several allowed), delete; and the public file URL the pages
 * use, `/uploads/{funnelId}/{name}`, served with `X-Content-Type-Options: nosniff` and a
 * sandboxing CSP. Every file passes uploads/images.ts (10MB, type by bytes AND extension,
 * SVG sanitized or refused, a drawable pixel size, safe names) in a worker thread with a time
 * limit (uploads/upload-check.ts); storage is the FileStorage integration. A locked
 * funnel refuses uploads and deletes (423).
 */
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { MSG } from '../../model/messages.ts';
import { RMSG } from '../../model/fields.ts';
import { IMAGE_NAME_RE, type Image } from '../../model/images.ts';
import { IMAGE_ROUTES } from '../../model/contracts/children.ts';
import { assertUnlocked } from '../documents/locks.ts';
import { ApiError, errors } from '../http.ts';
import { StorageExistsError, type FileStorage } from '../integrations/storage.ts';
import { getFunnel } from '../repo.ts';
import { IMAGE_TYPES } from '../uploads/images.ts';
import { checkUploadOffThread } from '../uploads/upload-check.ts';
import { contractRoute, idParam, json, on, router, type AppEnv, type Deps, routes } from './common.ts';

const tags = ['Images'];
const FunnelParams = z.object({ funnelId: idParam('funnelId') });
const NameParams = z.object({
  funnelId: idParam('funnelId'),
  name: z
    .string()
    .max(200, RMSG.fileName)
    .regex(IMAGE_NAME_RE, RMSG.fileName)
    .refine((n) => !n.includes('..'), RMSG.fileName)
    .openapi({
      param: { name: 'name', in: 'path' },
      example: 'hero.png',
      description: 'File name of the image in the gallery',
      // The regex has the `u` flag (\p{L}): zod-to-openapi would print it as "…$/u", which no validator matches.
      pattern: IMAGE_NAME_RE.source,
    }),
});
/** The multipart body of an upload (documented, not validated by zod: the handler reads the files). */
export const MultipartFiles = {
  type: 'object' as const,
  required: ['file'],
  properties: { file: { type: 'string' as const, format: 'binary', description: 'One or more files (repeat the field)' } },
};

/** The uploaded files of a multipart request (fields `file`, `files`, `image`), or 400/415/422. */
export async function uploadedFiles(c: Context<AppEnv>): Promise<[File, ...File[]]> {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) throw new ApiError(415, 'Upload the file as multipart/form-data');
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new ApiError(400, 'The body is not valid multipart/form-data');
  }
  const [first, ...rest] = ['file', 'files', 'image'].flatMap((k) => [form[k]].flat()).filter((v): v is File => v instanceof File);
  if (!first) throw new ApiError(422, 'No file uploaded: send it in the field "file"');
  if (rest.length >= 20) throw new ApiError(422, 'At most 20 files at once');
  return [first, ...rest];
}

/**
 * 409 for a name already in the gallery: the seed's upload failure message (000 §8
 * '{file} file upload failed.') with the reason.
 */
function nameTaken(label: string, name: string): ApiError {
  return new ApiError(409, MSG.uploadFailed(label), {}, { reason: `An image named ${name} already exists in this funnel's gallery`, file: label });
}

/** The public URL of a gallery file. */
const urlOf = (publicUrl: string, funnelId: number, name: string) => `${publicUrl}/uploads/${funnelId}/${encodeURIComponent(name)}`;

async function listImages(storage: FileStorage, publicUrl: string, funnelId: number): Promise<Image[]> {
  return (await storage.list(String(funnelId))).map((f) => {
    const name = f.key.slice(f.key.indexOf('/') + 1);
    return {
      name,
      url: urlOf(publicUrl, funnelId, name),
      type: IMAGE_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
      size: f.size,
    };
  });
}

/** Gallery routes under `/api/v1` (bearer token + policy). */
export const imageRoutes = routes((app, db, deps) => {
  const { storage } = deps.integrations;
  const publicUrl = deps.config.publicUrl;

  on(
    app,
    'images.read',
    contractRoute(
      IMAGE_ROUTES.list,
      { operationId: 'listImages', tags, summary: "The funnel's gallery" },
      { request: { params: FunnelParams }, responses: { 200: json(IMAGE_ROUTES.list.answer, 'Images'), ...errors(404, 422) } },
    ),
    async (c) => {
      const f = await getFunnel(db, c.req.valid('param').funnelId);
      return c.json(await listImages(storage, publicUrl, f.ID), 200);
    },
  );

  on(
    app,
    'images.write',
    contractRoute(
      IMAGE_ROUTES.upload,
      {
        operationId: 'uploadImages',
        tags,
        summary:
          "Upload files to the funnel's gallery: ≤ 10MB each, jpg, jpeg, png, svg, webp, gif, pdf, mp4 or webm (bytes and extension must agree); all or nothing",
      },
      {
        request: {
          params: FunnelParams,
          query: z.object({
            banner: z
              .enum(['desktop', 'mobile'], { error: 'banner must be desktop or mobile' })
              .optional()
              .openapi({ description: "An affiliate banner: the image must have that banner's size (000 §9: desktop 2978 x 194 px, mobile 422 x 97 px)" }),
          }),
          body: { content: { 'multipart/form-data': { schema: MultipartFiles } }, required: true },
        },
        responses: {
          201: json(IMAGE_ROUTES.upload.answer, "'{file} file uploaded successfully'"),
          ...errors(400, 404, 409, 413, 415, 422, 423, { 503: 'The server is checking too many uploads; try again in a few seconds' }),
        },
      },
    ),
    async (c) => {
      const funnelId = c.req.valid('param').funnelId;
      const { banner } = c.req.valid('query');
      await getFunnel(db, funnelId);
      await assertUnlocked(db, funnelId);
      const type = c.req.header('Content-Type') ?? '';
      if (!/^multipart\/form-data/i.test(type)) throw new ApiError(415, 'Upload the file as multipart/form-data');
      // Parsed and checked in a worker: the body moves there, the request thread only stores what passed.
      const r = await checkUploadOffThread(await c.req.arrayBuffer(), type, banner);
      if (!r.ok) throw new ApiError(r.status, r.message, r.headers, r.extra);
      const accepted: { label: string; name: string; data: Uint8Array }[] = [];
      for (const f of r.files) {
        if (accepted.some((a) => a.name === f.name) || (await storage.stat(`${funnelId}/${f.name}`))) throw nameTaken(f.label, f.name);
        accepted.push({ label: f.label, name: f.name, data: f.data });
      }
      // Every file passed: only now is anything written, each name created exclusively (a
      // concurrent upload of the same name loses with 409 and the winner's bytes stay intact).
      const written: string[] = [];
      try {
        for (const a of accepted) {
          await storage.create(`${funnelId}/${a.name}`, a.data);
          written.push(a.name);
        }
      } catch (e) {
        for (const n of written) await storage.delete(`${funnelId}/${n}`).catch(() => false);
        if (e instanceof StorageExistsError) {
          const name = e.key.slice(e.key.indexOf('/') + 1);
          throw nameTaken(r.files.find((f) => f.name === name)?.label || name, name);
        }
        throw e;
      }
      const all = await listImages(storage, publicUrl, funnelId);
      // The toast names the files as chosen, in their case ('Logo Small.GIF'), as the CSV uploads do.
      return c.json({ message: MSG.uploadOk(accepted.map((a) => a.label).join(', ')), images: all.filter((i) => written.includes(i.name)) }, 201);
    },
  );

  on(
    app,
    'images.write',
    contractRoute(
      IMAGE_ROUTES.remove,
      { operationId: 'deleteImage', tags, summary: 'Delete an image of the gallery' },
      { request: { params: NameParams }, responses: { 200: json(IMAGE_ROUTES.remove.answer, 'Deleted'), ...errors(404, 422, 423) } },
    ),
    async (c) => {
      const { funnelId, name } = c.req.valid('param');
      await getFunnel(db, funnelId);
      await assertUnlocked(db, funnelId);
      if (!(await storage.delete(`${funnelId}/${name}`))) throw new ApiError(404, 'Image not found');
      return c.json({ message: 'Image deleted', name }, 200);
    },
  );
});

/** Headers of every served upload: no sniffing, no scripts, a sandboxed document. */
export const UPLOAD_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox",
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Cache-Control': 'public, max-age=300',
} as const;

/** Public routes serving gallery files at `/uploads/{funnelId}/{name}` (what pages embed). */
export function uploadRoutes(deps: Deps) {
  const app = router();
  const { storage } = deps.integrations;
  app.on(['GET', 'HEAD'], '/uploads/:funnelId/:name', async (c) => {
    const funnelId = c.req.param('funnelId');
    const name = c.req.param('name').normalize('NFC');
    if (!/^\d{1,10}$/.test(funnelId) || !IMAGE_NAME_RE.test(name) || name.includes('..')) return c.json({ message: MSG.notFound }, 404);
    const data = await storage.get(`${Number(funnelId)}/${name}`);
    if (!data) return c.json({ message: MSG.notFound }, 404);
    const ext = name.slice(name.lastIndexOf('.') + 1);
    return c.body(data, 200, {
      ...UPLOAD_HEADERS,
      'Content-Type': IMAGE_TYPES[ext] ?? 'application/octet-stream',
      // RFC 6266/8187: a name with letters beyond ASCII ("Größe.png") goes in filename*, an ASCII stand-in in filename.
      'Content-Disposition': `${ext === 'pdf' ? 'attachment' : 'inline'}; filename="${
        name
          .normalize('NFKD')
          .replace(/[^\x20-\x7e]/g, '')
          .replace(/["\\]/g, '') || `file.${ext}`
      }"; filename*=UTF-8''${encodeURIComponent(name)}`,
    });
  });
  return app;
}
