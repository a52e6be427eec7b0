import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button, CloseFooter, ConfirmDialog, DeleteConfirm, FormDialog, FormModal, ProgressModal, TextField } from '../../src/ui';
import { NameForm } from '../form-story';

function ModalDemo({ onSave }: { onSave: (name: string) => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  return (
    <>
      <Button onPress={() => setOpen(true)}>Open</Button>
      <FormModal title="Add funnel" isOpen={open} formId="demo" onCancel={() => setOpen(false)}>
        <form
          id="demo"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!name) {
              setError('Please input Funnel Name');
              return;
            }
            onSave(name);
            setOpen(false);
          }}
        >
          <TextField label="Name" value={name} error={error} onChange={(e) => setName(e.target.value)} />
        </form>
      </FormModal>
    </>
  );
}

/** The FormDialog story's write: the story decides, call by call, when it settles and how. */
const categoryWrite = fn<(name: string) => Promise<unknown>>();

/** An Add button opening a FormDialog whose write is `onSave`. */
function FormDialogDemo({ onSave }: { onSave: (name: string) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Add</Button>
      <FormDialog<string> title="Add category" isOpen={open} formId="form-dialog-demo" onSave={onSave} onClose={() => setOpen(false)}>
        {(slot) => <NameForm slot={slot} />}
      </FormDialog>
    </>
  );
}

const meta = {
  title: 'UI/Dialogs',
  component: ModalDemo,
  subcomponents: { FormModal, FormDialog, ConfirmDialog, DeleteConfirm, ProgressModal, CloseFooter },
  args: { onSave: fn() },
} satisfies Meta<typeof ModalDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The modal host: Escape does not close it; Save validates first; Cancel closes. */
export const ModalHost: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    let dialog!: HTMLElement;
    await step('Open the form; Escape does not close it', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Open' }));
      dialog = await screen.findByRole('dialog', { name: 'Add funnel' });
      await userEvent.keyboard('{Escape}');
      await expect(dialog).toBeInTheDocument();
    });
    await step('Save it empty: the message; nothing saved', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await expect(screen.getByRole('alert')).toHaveTextContent('Please input Funnel Name');
      await expect(args.onSave).not.toHaveBeenCalled();
    });
    await step('Fill in a name and save: saved and closed', async () => {
      await userEvent.type(screen.getByLabelText('Name'), 'Summer');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await expect(args.onSave).toHaveBeenCalledWith('Summer');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
    await step('Open it again and cancel', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Open' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  },
};

/** A form dialog's write: Saving… while it runs; refused, the dialog stays open with what was typed; saved, it closes; opened again, the form starts empty. */
export const FormDialogWrites: StoryObj<typeof FormDialogDemo> = {
  render: () => <FormDialogDemo onSave={categoryWrite} />,
  play: async ({ canvas, userEvent, step }) => {
    const args = { onSave: categoryWrite };
    let refuse!: (e: Error) => void;
    let accept!: () => void;
    categoryWrite.mockImplementationOnce(() => new Promise((_, reject) => (refuse = reject)));
    categoryWrite.mockImplementationOnce(() => new Promise<void>((resolve) => (accept = resolve)));
    await step('Type a name and save: Saving… while the write runs', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
      await userEvent.type(await screen.findByLabelText('Name'), 'Skincare');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await expect(args.onSave).toHaveBeenCalledWith('Skincare');
      await expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
      await expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    });
    await step('Refused: still open, with what was typed', async () => {
      refuse(new Error('Category name already exists'));
      await expect(await screen.findByRole('button', { name: 'Save' })).toBeEnabled();
      await expect(screen.getByRole('dialog', { name: 'Add category' })).toBeInTheDocument();
      await expect(screen.getByLabelText('Name')).toHaveValue('Skincare');
    });
    await step('Saved: the dialog closes', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      accept();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await expect(args.onSave).toHaveBeenCalledTimes(2);
    });
    await step('Opened again, the form starts empty', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
      await expect(await screen.findByLabelText('Name')).toHaveValue('');
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  },
};

/** A confirmation: the seed's question; OK confirms, Cancel does not. */
export const Confirm: StoryObj<typeof ConfirmDialog> = {
  render: (args) => <ConfirmDialog {...args} />,
  args: {
    isOpen: true,
    title: 'Delete page',
    message: 'Are you sure you want to delete this page?',
    confirmLabel: 'Delete',
    danger: true,
    onConfirm: fn(),
    onCancel: fn(),
  },
  play: async ({ userEvent, args, step }) => {
    await step('The question is asked', async () => {
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete page' });
      await expect(dialog).toHaveTextContent('Are you sure you want to delete this page?');
    });
    await step('Cancel', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await expect(args.onCancel).toHaveBeenCalled();
    });
    await step('Delete', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
      await expect(args.onConfirm).toHaveBeenCalled();
    });
  },
};

/** Progress while publishing: a percentage; Escape does not close it while it runs (there is no Close yet). */
export const ProgressRunning: StoryObj<typeof ProgressModal> = {
  render: (args) => <ProgressModal {...args} />,
  args: { isOpen: true, title: 'Publishing', progress: 40, message: 'Rendering /checkout/ (2/5)', onClose: fn() },
  play: async ({ userEvent, args, step }) => {
    await step('The progress and the page being rendered', async () => {
      await expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
      await expect(screen.getByText('Rendering /checkout/ (2/5)')).toBeVisible();
    });
    await step('Escape does not close it; no Close', async () => {
      await userEvent.keyboard('{Escape}');
      await expect(screen.getByRole('progressbar', { name: 'Publishing' })).toBeVisible();
      await expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
      await expect(args.onClose).not.toHaveBeenCalled();
    });
  },
};

/** 100 → 'Done'. */
export const ProgressDone: StoryObj<typeof ProgressModal> = {
  ...ProgressRunning,
  args: { ...ProgressRunning.args, progress: 100, message: 'Done' },
  play: async ({ userEvent, args, step }) => {
    await step('The done dialog', async () => {
      await expect(await screen.findByRole('dialog', { name: 'Done' })).toBeVisible();
    });
    await step('Close', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Close' }));
      await expect(args.onClose).toHaveBeenCalled();
    });
  },
};

/** 0 with a message → 'An error occurred'. */
export const ProgressFailed: StoryObj<typeof ProgressModal> = {
  ...ProgressRunning,
  args: { ...ProgressRunning.args, progress: 0, failed: true, message: 'The funnel has no index page' },
  play: async ({ step }) => {
    await step('The error dialog and its message', async () => {
      const d = await screen.findByRole('alertdialog', { name: 'An error occurred' });
      await expect(d).toHaveTextContent('The funnel has no index page');
    });
  },
};
