/**
 * What the stories of a form on its own share: the form rendered with its args and, outside it,
 * the primary Save button that submits it by its `id` (as the dialogs place it), and typing
 * into a field in place of what it held.
 */
import { useState, type ComponentType, type CSSProperties } from 'react';
import type { StoryContext } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Button, TextField, type FormSlot } from '../src/ui';

/** A one-field form given its dialog slot: submitting saves the typed Name (it starts as `initial`) through the slot. */
export function NameForm({ slot, initial = '' }: { slot: FormSlot<string>; initial?: string }) {
  const [name, setName] = useState(initial);
  return (
    <form
      id={slot.id}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void slot.onSave(name);
      }}
    >
      <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} />
    </form>
  );
}

/** The Save button that submits the form `form` from outside it, by its id (as the dialogs place it). */
export function SaveFor({ form, variant }: { form: string; variant?: 'primary' }) {
  return (
    <Button variant={variant} type="submit" form={form}>
      Save
    </Button>
  );
}

/**
 * A story `render` for `Form`: the form with the story's args, then Save (type submit,
 * `form={args.id}`); inside a `<div style={box}>` when `box` is given, else side by side.
 */
export function withSaveButton<P extends { id: string }>(Form: ComponentType<P>, box?: CSSProperties) {
  return function FormWithSave(args: P) {
    const parts = (
      <>
        <Form {...args} />
        <SaveFor form={args.id} variant="primary" />
      </>
    );
    return box ? <div style={box}>{parts}</div> : parts;
  };
}

/** Types `text` into the field labelled `label` (none when empty), replacing what it held. */
export async function fill(user: StoryContext['userEvent'], canvas: StoryContext['canvas'], label: string, text: string) {
  const input = canvas.getByLabelText(label);
  await user.clear(input);
  if (text) await user.type(input, text);
}

/** {@link fill} for each field of `fields` (label → text), in the object's order. */
export async function fillAll(user: StoryContext['userEvent'], canvas: StoryContext['canvas'], fields: Record<string, string>) {
  for (const [label, text] of Object.entries(fields)) await fill(user, canvas, label, text);
}

/** Presses Save in `canvas` (the form's, see {@link SaveFor}) and waits until `onSave` was called with `saved`. */
export async function saveSends(user: StoryContext['userEvent'], canvas: StoryContext['canvas'], onSave: unknown, saved: unknown) {
  await user.click(canvas.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onSave).toHaveBeenCalledWith(saved));
}
