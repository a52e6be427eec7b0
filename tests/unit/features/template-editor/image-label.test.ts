/**
 * The image dialog's words: "Choose an image for Hero image", not the meta
 * path ("Image heroImage").
 */
import { describe, expect, it } from 'vitest';
import { imageLabel } from '../../../../src/features/template-editor/fields.ts';

const meta = {
  heroImage: '/uploads/1/hero.png',
  imgSlider: [
    { id: 's1', img: '' },
    { id: 's2', img: '' },
  ],
  list: [{ id: 'l1', boldText: 'Visible results', listText: '', img: '' }],
  reviews: [
    { id: 'r1', user: 'Jessica M., Austin TX', avatar: '' },
    { id: 'r2', user: '  ', avatar: '' },
  ],
  extraReviews: [{ id: 'e1', user: 'Daniel K.', avatar: '' }],
};

describe('imageLabel', () => {
  it('names every image mark of the layouts in words, list items counted from 1', () => {
    expect(imageLabel(meta, 'heroImage')).toBe('Hero image');
    expect(imageLabel(meta, 'imgSlider.1.img')).toBe('Slider image 2');
    expect(imageLabel(meta, 'list.0.img')).toBe('Image of list item 1 (Visible results)');
    expect(imageLabel(meta, 'reviews.0.avatar')).toBe('Avatar of review 1 (Jessica M., Austin TX)');
    expect(imageLabel(meta, 'reviews.1.avatar')).toBe('Avatar of review 2');
    expect(imageLabel(meta, 'extraReviews.0.avatar')).toBe('Avatar of extra review 1 (Daniel K.)');
  });

  it('an item that is gone, or a path it does not know: its keys as words, never the raw path', () => {
    expect(imageLabel(meta, 'reviews.7.avatar')).toBe('Avatar of review 8');
    expect(imageLabel({}, 'bannerImage')).toBe('Banner image');
    expect(imageLabel({}, 'gallery.2.main_img')).toBe('Gallery 3 main img');
    expect(imageLabel({}, '')).toBe('Image');
  });
});
