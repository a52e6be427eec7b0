import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, within } from 'storybook/test';
import { CountrySelect, SortableCards } from '../../../src/features/page-editor/components/panels/content';
import { GalleryOptions, ImageUrlField } from '../../../src/ui';
import { MSG } from '../../../src/model';
import { galleryImages } from '../../../tests/fixtures/demo';
import { at } from '../../../tests/at';
import { controlled } from '../../controlled';

/**
 * The content panels' shared fields, each on its own: the image address field with the
 * gallery's suggestions (src/ui/ImageUrlField.tsx), and the country select (panels/content.tsx).
 */
const meta = {
  title: 'Page editor/Content fields',
  component: ImageUrlField,
  subcomponents: { CountrySelect, GalleryOptions, SortableCards },
  args: { label: 'Avatar', value: '', onCommit: fn() },
} satisfies Meta<typeof ImageUrlField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Holds the stored value like a panel does, so a commit shows in the field and its thumbnail. */
function Stored({ initial, onCommit, disabled }: { initial: string; onCommit: (u: string) => void; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ImageUrlField
        label="Avatar"
        value={value}
        disabled={disabled}
        listId="gallery"
        onCommit={(u) => {
          onCommit(u);
          setValue(u);
        }}
      />
      <GalleryOptions id="gallery" images={galleryImages} />
      <button type="button" onClick={() => setValue('/uploads/1/restored.svg')}>
        Undo from outside
      </button>
    </>
  );
}

/**
 * Typing an invalid address keeps the text and shows the model's message without storing
 * anything; a valid one is stored (with its thumbnail); a change from outside (undo) replaces
 * the text. The gallery's images are offered as suggestions.
 */
export const ImageAddress: Story = {
  render: (a) => <Stored initial="" onCommit={a.onCommit} />,
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    const field = canvas.getByLabelText('Avatar');
    await step("The gallery's images are offered as suggestions", async () => {
      await expect(field).toHaveAttribute('list', 'gallery');
      const options = [...canvasElement.querySelectorAll('#gallery option')].map((o) => (o as HTMLOptionElement).value);
      await expect(options).toEqual(galleryImages.map((i) => i.url));
    });

    await step('An invalid address is kept, with the message, and not stored', async () => {
      await userEvent.type(field, 'ftp://x');
      await expect(field).toHaveValue('ftp://x');
      await expect(field).toHaveAccessibleDescription(new RegExp(MSG.imageUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')));
      await expect(args.onCommit).not.toHaveBeenCalled();
    });

    await step('A gallery address is stored and its thumbnail shown', async () => {
      await userEvent.clear(field);
      await userEvent.type(field, at(galleryImages, 0, 'gallery image').url);
      await expect(args.onCommit).toHaveBeenLastCalledWith(at(galleryImages, 0, 'gallery image').url);
      await expect(field).not.toHaveAttribute('aria-invalid');
      await expect(canvasElement.querySelector('img')).toHaveAttribute('src', at(galleryImages, 0, 'gallery image').url);
    });

    await step('Undo from outside replaces the text', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Undo from outside' }));
      await expect(field).toHaveValue('/uploads/1/restored.svg');
    });
  },
};

/** Read-only: the field cannot be typed into and nothing is stored. */
export const ImageAddressLocked: Story = {
  render: (a) => <Stored initial="/uploads/1/a.svg" onCommit={a.onCommit} disabled />,
  play: async ({ canvas, userEvent, args, step }) => {
    const field = canvas.getByLabelText('Avatar');
    await step('The field is disabled', async () => {
      await expect(field).toBeDisabled();
    });
    await step('Typing changes nothing and stores nothing', async () => {
      await userEvent.type(field, 'x');
      await expect(field).toHaveValue('/uploads/1/a.svg');
      await expect(args.onCommit).not.toHaveBeenCalled();
    });
  },
};

/** No gallery images: no suggestion list is rendered. */
export const GalleryEmpty: StoryObj = {
  render: () => (
    <div data-testid="box">
      <GalleryOptions id="none" images={[]} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('box')).toBeEmptyDOMElement();
  },
};

/**
 * The full country list (000 §9) by English name; choosing one reports its code; a stored
 * value that is not a country code stays visible, marked, with the model's message.
 */
export const Countries: StoryObj<typeof CountrySelect> = {
  render: controlled(CountrySelect, 'value', 'onChange'),
  args: { label: 'Country', value: 'XX', error: MSG.country, onChange: fn() },
  play: async ({ canvas, userEvent, args, step }) => {
    const select = canvas.getByLabelText('Country');
    await step('Every country is listed; the stored non-country is marked with the message', async () => {
      await expect(within(select).getAllByRole('option').length).toBeGreaterThanOrEqual(250);
      await expect(within(select).getByRole('option', { name: 'XX (not a country code)' })).toBeInTheDocument();
      await expect(select).toHaveAccessibleDescription(MSG.country);
    });
    await step('Choose New Zealand: its code is reported', async () => {
      await userEvent.selectOptions(select, 'NZ');
      await expect(args.onChange).toHaveBeenCalledWith('NZ');
      await expect(within(select).getByRole('option', { name: 'New Zealand (NZ)' })).toHaveProperty('selected', true);
    });
  },
};
