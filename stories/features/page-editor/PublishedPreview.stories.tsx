import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { PublishedPreview } from '../../../src/features/page-editor/components/PublishedPreview';
import { PREVIEW_MSG } from '../../../src/model';
import { publishedCheckoutUrl } from '../../../tests/fixtures/demo';

const meta = {
  title: 'Page editor/PublishedPreview',
  component: PublishedPreview,
  args: { defaultUrl: publishedCheckoutUrl, title: 'Published Checkout' },
} satisfies Meta<typeof PublishedPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

const frameHtml = (canvasElement: HTMLElement) => canvasElement.querySelector('iframe')?.getAttribute('srcdoc') ?? '';

/** The page's published address loads at once and shows in the sandboxed frame. */
export const Published: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByLabelText('Published page URL')).toHaveValue(publishedCheckoutUrl);
    await waitFor(() => expect(frameHtml(canvasElement)).toContain('<h1>Published checkout</h1>'));
    await expect(canvas.getByTitle('Published Checkout')).toHaveAttribute('sandbox', 'allow-same-origin');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/**
 * Invalid: an address that is not http(s) is refused in the field without a request; an
 * unpublished page and a private address show the server's message, and the page shown
 * before stays.
 */
export const Invalid: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await waitFor(() => expect(frameHtml(canvasElement)).toContain('Published checkout'));
    const field = canvas.getByLabelText('Published page URL');
    await userEvent.clear(field);
    await userEvent.type(field, 'ftp://glowskin-offer.com/{Enter}');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(PREVIEW_MSG.url);

    await userEvent.clear(field);
    await userEvent.type(field, 'https://glowskin-offer.com/nowhere/');
    await expect(field).not.toHaveAttribute('aria-invalid');
    await userEvent.click(canvas.getByRole('button', { name: 'Show' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(PREVIEW_MSG.notPublished);
    await expect(frameHtml(canvasElement)).toContain('Published checkout');

    await userEvent.clear(field);
    await userEvent.type(field, 'http://10.0.0.8/admin{Enter}');
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent(PREVIEW_MSG.refused));
  },
};

/** No domain yet: nothing loads; the operator is told to enter the address, and entering it shows the page. */
export const Empty: Story = {
  args: { defaultUrl: '' },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('This funnel has no domain yet');
    await expect(frameHtml(canvasElement)).toBe('');
    await userEvent.type(canvas.getByLabelText('Published page URL'), `${publishedCheckoutUrl}{Enter}`);
    await waitFor(() => expect(frameHtml(canvasElement)).toContain('Published checkout'));
  },
};
