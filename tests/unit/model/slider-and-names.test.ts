import { describe, expect, it } from 'vitest';
import { IMAGE_NAME_RE, isSliderImage, SLIDER_IMAGE_MSG, SliderImageSchema, storedImageName } from '../../../src/model';

describe('gallery names with letters beyond ASCII', () => {
  it('are kept as given, in NFC (an accent sent as a separate mark joins its letter)', () => {
    expect(storedImageName('Größe.png')).toBe('Größe.png');
    expect(storedImageName('café.jpg')).toBe('café.jpg');
    expect(storedImageName('cafe\u0301.JPG')).toBe('café.jpg');
    expect(storedImageName('Ελληνικά φωτογραφία.webp')).toBe('Ελληνικά-φωτογραφία.webp');
    expect(IMAGE_NAME_RE.test('Größe.png')).toBe(true);
  });

  it('still refuses paths, hidden files, other extensions and control characters', () => {
    for (const n of ['../x.png', 'a/b.png', '.h.png', 'x.exe', 'x.png.php', 'é\u0000.png', '-x.png']) expect(storedImageName(n), n).toBeNull();
  });
});

describe('the image slider takes images only', () => {
  it('isSliderImage: image extensions, or an address without one; never a PDF or a video', () => {
    for (const u of [
      '/uploads/1/hero.png',
      '/uploads/1/Gr%C3%B6%C3%9Fe.JPG',
      'https://cdn.example.com/x.webp?v=2',
      'https://img.example.com/render/42',
      '/a.svg#frag',
    ])
      expect(isSliderImage(u), u).toBe(true);
    for (const u of ['/uploads/1/manual.pdf', '/uploads/1/intro.mp4', 'https://cdn.example.com/clip.webm?x=1', '/page.html'])
      expect(isSliderImage(u), u).toBe(false);
  });

  it('a slide of a PDF or video is refused with the slider message', () => {
    const r = SliderImageSchema.safeParse({ id: 'slide-1', img: '/uploads/1/manual.pdf' });
    expect(r.success ? null : r.error.issues.map((i) => i.message)).toEqual([SLIDER_IMAGE_MSG]);
    expect(SliderImageSchema.safeParse({ id: 'slide-1', img: '/uploads/1/hero.png' }).success).toBe(true);
  });
});
