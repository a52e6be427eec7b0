/**
 * The Image slider side panel of the page editor (000 §2 "Image slider", §3 key `imgSlider`
 * and "Image", §7 `GET /api/v1/images/{funnelId}`; 001 §3 "Image slider item").
 */
import { memo, useId, useMemo } from 'react';
import { MSG, SliderImageSchema, firstMessage, isSliderImage, newSliderImage, type Image as GalleryImage, type SliderImage } from '../../../../model';
import { Box, Button, EmptyState, imageName, Inline, SortableList, styles as s, Skeleton } from '../../../../ui';
import { itemEditor, useContentEditor, useContentPage, type ContentEditor, type ContentPanelProps } from './content';
import { useGalleryImages } from '../../api';
import { PanelFrame, RemoveButton } from './shared';
import * as p from './panels.css';
import * as c from './content.css';

/** Props of {@link ImageSliderPanel}: the page, its funnel (whose gallery offers the images) and the funnel's lock. */
export type ImageSliderPanelProps = ContentPanelProps;

/** A gallery file size in bytes, for people (KB / MB). */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 0) return '';
  if (n < 1024 * 1024) return `${Math.max(1, Math.round(n / 1024))} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Edits the page's image slider (`imgSlider`: list of {id, img}, `img` the image's address)
 * with images picked from the funnel's gallery (`GET /api/v1/images/{funnelId}`, a list of
 * {name, url, type, size}). Add ('Add slider image'), remove, reorder by mouse or keyboard
 * (one `move` op, 'Move slider image'); an image is in the slider at most once. Empty: 'No Images added'.
 */
export function ImageSliderPanel({ pageId, funnelId, locked = false }: ImageSliderPanelProps) {
  const { doc, page, meta } = useContentPage(pageId);
  const ed = useContentEditor(doc, locked);
  const gallery = useGalleryImages(funnelId);
  const id = useId();
  if (!page) return <Skeleton label="Loading page…" variant="lines" />;
  const slides = meta.imgSlider ?? [];
  const used = new Set(slides.map((x) => x.img));

  return (
    <PanelFrame id="slider-panel" title="Image slider" locked={locked}>
      {slides.length === 0 ? (
        <EmptyState message={MSG.noImages} />
      ) : (
        <SortableList
          label="Slider images"
          items={slides}
          disabled={locked}
          nameOf={(x, i) => `image ${i + 1} ${imageName(x.img)}`}
          onMove={(from, to) => ed.move('Move slider image', 'imgSlider', from, to)}
        >
          {(x, i, handle) => (
            <Inline wrap={false}>
              {handle}
              <SlideRow slide={x} n={i + 1} ed={ed} locked={locked} />
            </Inline>
          )}
        </SortableList>
      )}
      <section aria-labelledby={`${id}-gallery`} className={p.subsection}>
        <Box as="h3" id={`${id}-gallery`} fontSize={15} margin="none" marginBottom="xs">
          Funnel gallery
        </Box>
        {funnelId == null ? (
          <p className={s.helpText}>Open this page from its funnel to pick images from the funnel’s gallery.</p>
        ) : gallery.isPending ? (
          <Skeleton label="Loading images…" variant="lines" />
        ) : gallery.isError ? (
          <p role="alert" className={s.errorText}>
            {MSG.imagesFetch}
          </p>
        ) : !gallery.data.some((img) => isSliderImage(img.url)) ? (
          <p className={s.helpText}>{MSG.noGalleryImages}</p>
        ) : (
          <GalleryPicker
            images={gallery.data.filter((img) => isSliderImage(img.url))}
            used={used}
            locked={locked}
            onPick={(img) =>
              ed.set('Add slider image', (m) => {
                (m.imgSlider ??= []).push(newSliderImage(img.url, m.imgSlider ?? []));
              })
            }
          />
        )}
      </section>
    </PanelFrame>
  );
}

/** One slide: thumbnail, file name, remove; an unusable address shows the model's message. */
const SlideRow = memo(function SlideRow({ slide, n, ed, locked }: { slide: SliderImage; n: number; ed: ContentEditor; locked: boolean }) {
  const valid = useMemo(() => SliderImageSchema.safeParse(slide), [slide]);
  const name = imageName(slide.img) || 'no image';
  return (
    <Inline wrap={false} flex={1} minWidth={0}>
      {valid.success ? <img src={slide.img} alt={`Slide ${n}: ${name}`} className={c.slide} /> : <span className={c.slide} aria-hidden="true" />}
      <Box minWidth={0} flex={1}>
        <div className={c.fileName}>
          {n}. {name}
        </div>
        {!valid.success && (
          <div role="alert" className={s.errorText}>
            {firstMessage(valid.error)}
          </div>
        )}
      </Box>
      <RemoveButton label={`Remove image ${n} ${name}`} locked={locked} onPress={() => itemEditor(ed, 'imgSlider', slide.id).remove('Remove slider image')} />
    </Inline>
  );
});

/** The gallery's images with an add button each (disabled once the image is in the slider). */
function GalleryPicker({
  images,
  used,
  locked,
  onPick,
}: {
  images: GalleryImage[];
  used: ReadonlySet<string>;
  locked: boolean;
  onPick: (img: GalleryImage) => void;
}) {
  return (
    <ul aria-label="Gallery images" className={c.gallery}>
      {images.map((img) => {
        const inSlider = used.has(img.url);
        return (
          <li key={img.url} className={c.galleryItem}>
            <img src={img.url} alt="" />
            <span className={c.fileName} title={img.name}>
              {img.name}
            </span>
            <span className={s.helpText}>{formatBytes(img.size)}</span>
            <Button
              size="sm"
              isDisabled={locked || inSlider}
              aria-label={inSlider ? `Added: ${img.name} is in the slider` : `Add ${img.name} to the slider`}
              onPress={() => onPick(img)}
            >
              {inSlider ? 'Added' : '+ Add'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
