import preview from '../../../.storybook/preview';
import { expect, waitFor } from 'storybook/test';
import { PublishedPreview } from '../../../src/features/page-editor/components/PublishedPreview';
import { localSiteName, PREVIEW_MSG } from '../../../src/model';
import { funnel, publishedCheckoutUrl } from '../../../tests/fixtures/demo';
import { STORY_ADMIN_ORIGIN } from '../../../.storybook/handlers';
import { inBox } from '../../boxed';

const meta = preview.meta({
  title: 'Page editor/PublishedPreview',
  component: PublishedPreview,
  args: { defaultUrl: publishedCheckoutUrl, title: 'Published Checkout' },
});

const frameHtml = (canvasElement: HTMLElement) => canvasElement.querySelector('iframe')?.getAttribute('srcdoc') ?? '';

/** The page's published address loads at once and shows in the sandboxed frame. */
export const Published = meta.story({
  play: async ({ canvas, canvasElement, step }) => {
    await step('The published address loads at once', async () => {
      await expect(canvas.getByLabelText('Published page URL')).toHaveValue(publishedCheckoutUrl);
      await waitFor(() => expect(frameHtml(canvasElement)).toContain('<h1>Published checkout</h1>'));
    });
    await step('The frame is sandboxed and no error is shown', async () => {
      await expect(canvas.getByTitle('Published Checkout')).toHaveAttribute('sandbox', 'allow-same-origin');
      await expect(canvas.queryByRole('alert')).toBeNull();
    });
  },
});

/**
 * Invalid: an address that is not http(s) is refused in the field without a request; an
 * unpublished page and a private address show the server's message, and the page shown
 * before stays.
 */
export const Invalid = meta.story({
  play: async ({ canvas, canvasElement, userEvent, step }) => {
    await step('The published page is shown', async () => {
      await waitFor(() => expect(frameHtml(canvasElement)).toContain('Published checkout'));
    });
    const field = canvas.getByLabelText('Published page URL');
    await step('An ftp address is refused in the field', async () => {
      await userEvent.clear(field);
      await userEvent.type(field, 'ftp://glowskin-offer.com/{Enter}');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(PREVIEW_MSG.url);
    });

    await step("An unpublished page shows the server's message; the page shown before stays", async () => {
      await userEvent.clear(field);
      await userEvent.type(field, 'https://glowskin-offer.com/nowhere/');
      await expect(field).not.toHaveAttribute('aria-invalid');
      await userEvent.click(canvas.getByRole('button', { name: 'Show' }));
      await expect(await canvas.findByRole('alert')).toHaveTextContent(PREVIEW_MSG.notPublished);
      await expect(frameHtml(canvasElement)).toContain('Published checkout');
    });

    await step('A private address is refused by the server', async () => {
      await userEvent.clear(field);
      await userEvent.type(field, 'http://10.0.0.8/admin{Enter}');
      await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent(PREVIEW_MSG.refused));
    });
  },
});

/** No domain yet: nothing loads; the operator is told to enter the address, and entering it shows the page. */
export const Empty = meta.story({
  args: { defaultUrl: '' },
  play: async ({ canvas, canvasElement, userEvent, step }) => {
    await step('Nothing loads; the operator is told to enter the address', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('This funnel has no domain yet');
      await expect(frameHtml(canvasElement)).toBe('');
    });
    await step('Enter the address: the page is shown', async () => {
      await userEvent.type(canvas.getByLabelText('Published page URL'), `${publishedCheckoutUrl}{Enter}`);
      await waitFor(() => expect(frameHtml(canvasElement)).toContain('Published checkout'));
    });
  },
});

/**
 * No domain, as the page editor shows it: the funnel's local address on this admin
 * (/sites/funnel-<id>.localhost/…) loads at once, and a note explains it and links the Domains tab.
 */
export const NoDomainLocalAddress = meta.story({
  args: {
    defaultUrl: `${STORY_ADMIN_ORIGIN}/sites/${localSiteName(funnel.ID)}/checkout/`,
    localSite: localSiteName(funnel.ID),
    domainsHref: `/funnels/${funnel.ID}/domains`,
  },
  play: async ({ canvas, canvasElement, step }) => {
    await step('The local address loads at once', async () => {
      await waitFor(() => expect(frameHtml(canvasElement)).toContain('<h1>Published checkout</h1>'));
      await expect(canvas.getByLabelText('Published page URL')).toHaveValue(`${STORY_ADMIN_ORIGIN}/sites/funnel-${funnel.ID}.localhost/checkout/`);
    });
    await step('A note explains it and links the Domains tab', async () => {
      const note = canvas.getByRole('note');
      await expect(note).toHaveTextContent(`This funnel has no domain yet, so publishing serves it from this admin at /sites/funnel-${funnel.ID}.localhost/`);
      await expect(canvas.getByRole('link', { name: 'Domains tab' })).toHaveAttribute('href', `/funnels/${funnel.ID}/domains`);
      await expect(canvas.queryByRole('alert')).toBeNull();
    });
  },
});

/**
 * A narrow column, as beside the page editor's panels in a 1024 px window: the desktop
 * page is not shrunk below half size (it was 22 %); the rest of its width scrolls sideways, and
 * the scrolling well is a labelled region the keyboard reaches.
 */
export const NarrowColumn = meta.story({
  decorators: [inBox({ width: 300 })],
  play: async ({ canvas, canvasElement, userEvent, step }) => {
    await step('The desktop page shows at half size, not fitted to the column', async () => {
      await waitFor(() => expect(frameHtml(canvasElement)).toContain('<h1>Published checkout</h1>'));
      const frame = canvas.getByTitle('Published Checkout');
      await expect(frame).toHaveAttribute('data-device', 'desktop');
      await expect(frame).toHaveAttribute('data-scale', '0.500');
      await expect(frame.getBoundingClientRect().width).toBeCloseTo(600, 0);
    });
    await step('The rest scrolls sideways; the keyboard reaches the scrolling well', async () => {
      const well = canvas.getByRole('region', { name: 'Published Checkout, scrolls sideways' });
      await expect(well.scrollWidth).toBeGreaterThan(well.clientWidth);
      well.scrollLeft = 200;
      await expect(well.scrollLeft).toBeGreaterThan(0);
      await expect(well).toHaveAttribute('tabindex', '0');
      well.scrollLeft = 0;
    });
    await step('Mobile fits without scrolling', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: 'Mobile' }));
      await waitFor(() => expect(canvas.queryByRole('region', { name: /scrolls sideways/ })).toBeNull());
    });
  },
});
