/**
 * The Gallery tab of a funnel (000 §2 "Image gallery", §5 upload rules, §8 messages): upload
 * by button or by dropping files, with a progress bar; thumbnails with preview; delete with
 * 'Are you sure you want to delete this image?' and the note to check no page uses it. The
 * image slider panel and every image field of the page editor pick from this gallery. With no
 * images the empty state offers 'Upload your first images' (the same file chooser) unless locked.
 */
import { useRef, useState, type DragEvent } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { checkUpload, MSG, UPLOAD_EXTENSIONS, type Image } from '../../../model';
import { Box, Button, DeleteConfirm, EmptyState, Inline, styles as s, useBusyAction } from '../../../ui';
import * as g from './gallery.css';

/** Props of {@link GalleryTab}. */
export interface GalleryTabProps {
  images: Image[];
  /** The funnel is locked: no uploads or deletes (the API answers 423 too). */
  locked?: boolean;
  /**
   * Uploads the files (all or nothing, 000 §7 `POST /api/v1/images/{funnelId}`), reporting the
   * fraction sent (0…1). Rejects when the server refuses; the API client shows its message.
   */
  onUpload: (files: File[], onProgress: (fraction: number) => void) => Promise<unknown>;
  /** Deletes one image by its file name. */
  onDelete: (name: string) => Promise<unknown>;
}

/** Human size of a file: `12.3 kB`, `1.4 MB` (1 kB = 1024 bytes). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');
const isPicture = (i: Image) => i.type.startsWith('image/');

/** See {@link GalleryTabProps}. */
export function GalleryTab({ images, locked = false, onUpload, onDelete }: GalleryTabProps) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ names: string; fraction: number } | null>(null);
  const [refused, setRefused] = useState<{ name: string; message: string }[]>([]);
  const [over, setOver] = useState(false);
  const [previewing, setPreviewing] = useState<Image | null>(null);
  const [deleting, setDeleting] = useState<Image | null>(null);
  const [busy, run] = useBusyAction();

  const upload = async (list: File[]) => {
    if (locked || progress || list.length === 0) return;
    // The seed's client checks first (size, type): a refused file is named with its reason and
    // nothing is sent, since the server takes all files or none.
    const bad = list.flatMap((f) => {
      const m = checkUpload(f);
      return m ? [{ name: f.name, message: m }] : [];
    });
    setRefused(bad);
    if (bad.length) return;
    const names = list.map((f) => f.name).join(', ');
    setProgress({ names, fraction: 0 });
    try {
      await onUpload(list, (fraction) => setProgress({ names, fraction }));
    } catch {
      /* the API client has shown the server's message */
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void upload(Array.from(e.dataTransfer.files));
  };
  const pct = progress ? Math.round(progress.fraction * 100) : 0;
  /** Opens the one hidden file input's chooser: the drop zone's button and the empty state's both call this. */
  const choose = () => input.current?.click();

  return (
    <section aria-label="Gallery">
      <div
        className={`${g.dropZone} ${over ? g.dropZoneOver : ''} ${locked ? g.dropZoneLocked : ''}`}
        onDragOver={(e) => {
          if (locked) return;
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <Inline>
          <Button
            variant="primary"
            isDisabled={locked || !!progress}
            disabledReason={locked ? MSG.locked : 'Uploading: wait for the images being uploaded'}
            onPress={choose}
          >
            Upload images
          </Button>
          <span>or drop files here</span>
        </Inline>
        <Box as="p" margin="none" className={s.helpText}>
          {locked ? 'The funnel is locked: unlock it to upload or delete images.' : `${UPLOAD_EXTENSIONS.join(', ')} — up to 10MB each.`}
        </Box>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          aria-label="Choose images to upload"
          onChange={(e) => void upload(Array.from(e.currentTarget.files ?? []))}
        />
        {progress && (
          <div className={g.progress}>
            <label htmlFor="gallery-progress">
              Uploading {progress.names}: {pct}%
            </label>
            <progress id="gallery-progress" max={100} value={pct} />
          </div>
        )}
        {refused.length > 0 && (
          <div role="alert">
            <ul className={g.refused}>
              {refused.map((r) => (
                <li key={r.name}>
                  {MSG.uploadFailed(r.name)} {r.message}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {images.length === 0 ? (
        // The empty state offers the upload unless the funnel is locked; its button has its own
        // name so the drop zone's 'Upload images' stays the one button of that name.
        <EmptyState
          message={MSG.noImages}
          action={
            locked ? undefined : (
              <Button isDisabled={!!progress} disabledReason="Uploading: wait for the images being uploaded" onPress={choose}>
                Upload your first images
              </Button>
            )
          }
        />
      ) : (
        <ul className={g.grid} aria-label="Images">
          {images.map((i) => (
            <li key={i.name} className={g.tile}>
              <button type="button" className={g.thumb} onClick={() => setPreviewing(i)} aria-label={`Preview ${i.name}`}>
                {isPicture(i) ? <img src={i.url} alt="" loading="lazy" /> : <span className={g.fileType}>{i.name.split('.').pop()?.toUpperCase()}</span>}
              </button>
              <span className={g.name} title={i.name}>
                {i.name}
              </span>
              <Inline>
                <span className={s.helpText}>{fileSize(i.size)}</span>
                <span className={s.spacer} />
                <Button
                  size="sm"
                  variant="ghost"
                  isDisabled={locked}
                  disabledReason={MSG.locked}
                  onPress={() => setDeleting(i)}
                  aria-label={`Delete ${i.name}`}
                >
                  Delete
                </Button>
              </Inline>
            </li>
          ))}
        </ul>
      )}
      <ModalOverlay isOpen={!!previewing} onOpenChange={(o) => !o && setPreviewing(null)} isDismissable className={s.overlay}>
        <Modal className={`${s.modal} ${g.previewModal}`}>
          <Dialog className={s.dialog}>
            <Heading slot="title">{previewing?.name}</Heading>
            {previewing &&
              (isPicture(previewing) ? (
                <img className={g.previewImage} src={previewing.url} alt={`Preview of ${previewing.name}`} />
              ) : (
                <p>
                  <a href={previewing.url} target="_blank" rel="noreferrer">
                    Open {previewing.name}
                  </a>
                </p>
              ))}
            {previewing && (
              <p className={s.helpText}>
                {previewing.type}, {fileSize(previewing.size)} — <code>{previewing.url}</code>
              </p>
            )}
            <div className={s.dialogFooter}>
              <Button onPress={() => setPreviewing(null)}>Close</Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
      <DeleteConfirm
        item={deleting}
        title="Delete image"
        busy={busy}
        run={run}
        message={
          <>
            <p>Are you sure you want to delete this image?</p>
            <p className={s.helpText}>Check that {deleting?.name} is not used in a page first: a page that shows it would show a broken image.</p>
          </>
        }
        onDelete={(img) => onDelete(img.name)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
