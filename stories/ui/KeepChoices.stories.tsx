/**
 * The conflict questions (src/ui/ChoiceRadio.tsx `KeepChoices`): one `KeepChoice` per colliding
 * place, as the conflict panel and the revert dialog list them — the place named from its
 * path, both values, and the side chosen kept by the place's id.
 */
import preview from '../../.storybook/preview';

import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { KeepChoice, KeepChoices, sprinkles, type KeepSide } from '../../src/ui';

const DOC = { meta: { headline: 'Glow now', products: [{ id: 'p1', name: 'Single', _price: 29.95 }] } };
const ITEMS = [
  { id: 'c1', path: '/meta/headline', theirs: 'Glow now', mine: 'Glow today' },
  { id: 'c2', path: '/meta/products/0/_price', kind: 'removed', theirs: undefined, mine: 39.95 },
];

/** The questions with their choices held in state; every change is also reported to `onChoose`. */
function Questions({ onChoose }: { onChoose: (choices: Record<string, KeepSide>) => void }) {
  const [choices, setChoices] = useState<Record<string, KeepSide>>({});
  return (
    <KeepChoices
      label="Changed by someone else"
      items={ITEMS}
      doc={DOC}
      words={{ removedNote: ' — removed by someone else', theirsLabel: 'Keep theirs: ', mineLabel: 'Keep mine: ' }}
      choices={choices}
      onChoices={(next) =>
        setChoices((c) => {
          const v = typeof next === 'function' ? next(c) : next;
          onChoose(v);
          return v;
        })
      }
      cardClassName={sprinkles({ background: 'surface', padding: 'sm', borderRadius: 'sm' })}
    />
  );
}

const meta = preview.meta({
  title: 'UI/KeepChoices',
  component: Questions,
  subcomponents: { KeepChoices, KeepChoice },
  args: { onChoose: fn() },
});

/** Theirs is kept until the operator picks mine; a place they removed says so, and mine puts it back. */
export const TwoPlaces = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const list = canvas.getByRole('list', { name: 'Changed by someone else' });
    await step('One question a place, named from its path; theirs is chosen at the start', async () => {
      await expect(list.querySelectorAll('li')).toHaveLength(2);
      const headline = canvas.getByRole('radiogroup', { name: 'meta › headline' });
      await expect(headline).toBeVisible();
      await expect(within(headline).getByRole('radio', { name: 'Keep theirs: Glow now' })).toBeChecked();
      await expect(within(headline).getByRole('radio', { name: 'Keep mine: Glow today' })).not.toBeChecked();
      const price = canvas.getByRole('radiogroup', { name: 'meta › products › “Single” › _price' });
      await expect(price).toHaveTextContent('meta › products › “Single” › _price — removed by someone else');
      await expect(within(price).getByRole('radio', { name: 'Keep theirs: (removed)' })).toBeChecked();
      await expect(within(price).getByRole('radio', { name: 'Keep mine: 39.95 (puts it back)' })).not.toBeChecked();
    });
    await step('Keep mine on the removed price: its choice is kept by its id, the other stays theirs', async () => {
      const price = canvas.getByRole('radiogroup', { name: 'meta › products › “Single” › _price' });
      await userEvent.click(within(price).getByText('Keep mine: (puts it back)'));
      await waitFor(() => expect(args.onChoose).toHaveBeenLastCalledWith({ c2: 'mine' }));
      await expect(within(price).getByRole('radio', { name: 'Keep mine: 39.95 (puts it back)' })).toBeChecked();
      await expect(canvas.getByRole('radio', { name: 'Keep theirs: Glow now' })).toBeChecked();
    });
  },
});
