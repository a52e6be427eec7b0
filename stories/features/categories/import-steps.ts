/**
 * The Import category dialog as the list's and the screen's stories use it: Import pressed with
 * a sticky id typed (or none), and the seed's message when none is.
 */
import type { StoryContext } from '@storybook/react-vite';
import { expect, type within } from 'storybook/test';
import { retype } from '../../dialog-steps';

type Dialog = ReturnType<typeof within>;

/** Types `stickyId` into the dialog's Sticky ID (in place of what it held; none: left as it is) and presses Import. */
export async function importSticky(userEvent: StoryContext['userEvent'], d: Dialog, stickyId?: string) {
  if (stickyId !== undefined) await retype(userEvent, d.getByLabelText('Sticky ID'), stickyId);
  await userEvent.click(d.getByRole('button', { name: 'Import' }));
}

/** The step "Import with no sticky id: the seed's message": Import pressed with none asks for it. */
export const stepImportNone = (step: StoryContext['step'], userEvent: StoryContext['userEvent'], d: Dialog) =>
  step("Import with no sticky id: the seed's message", async () => {
    await importSticky(userEvent, d);
    await expect(await d.findByText('Missing Sticky ID')).toBeVisible();
  });
