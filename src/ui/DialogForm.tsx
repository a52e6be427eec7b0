/**
 * The form inside a {@link FormModal}: the modal's Save button submits it by its `id` (the
 * modal's `formId`), the browser's own validation is off (the schema's messages show at each
 * field) and the submit goes to react-hook-form's `handleSubmit(onValid)`. Pass it
 * `(v) => onSave(v)`, not `onSave`: it calls `onValid` with the submit event as well.
 */
import { useEffect, type FormEvent, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type UseFormRegisterReturn,
  type UseFormSetFocus,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { $ZodType } from 'zod/v4/core';
import * as s from './styles.css';

/** Props of {@link DialogForm}. */
export interface DialogFormProps {
  /** The form's id: the dialog's Save button names it (`form=`). */
  id: string;
  /** What react-hook-form's `handleSubmit(onValid)` returned. */
  onSubmit: (e: FormEvent) => Promise<unknown>;
  className?: string;
  children: ReactNode;
}

/** See the module comment. */
export function DialogForm({ id, onSubmit, className, children }: DialogFormProps) {
  return (
    <form id={id} className={className} noValidate onSubmit={(e) => void onSubmit(e)}>
      {children}
    </form>
  );
}

/**
 * The form's own refusal, apart from any one field (`setError('root.server', …)`: e.g. the
 * server's reason for not saving), said as an alert where the form puts it; nothing without one.
 */
export function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className={s.errorText}>
      {message}
    </p>
  ) : null;
}

/** Puts the caret in the field `name` when the form opens (react-hook-form's `setFocus`). */
export function useFirstFocus<T extends FieldValues>(setFocus: UseFormSetFocus<T>, name: FieldPath<T>): void {
  useEffect(() => {
    setFocus(name);
  }, [setFocus, name]);
}

/** {@link useDialogForm}'s `field`: the props a form field spreads for `name` (its registration and the schema's message). */
export type DialogField<In extends FieldValues> = <N extends FieldPath<In>>(
  name: N,
  options?: RegisterOptions<In, N>,
) => UseFormRegisterReturn<N> & { error: string | undefined };

/**
 * The state of a dialog form: react-hook-form checked by the zod `schema` (its messages show at
 * the fields), `defaultValues` filled in and the caret in `first` when the dialog opens. `errors`
 * is the form state's field errors, read here so that the form re-renders when they change.
 * `field(name, options)` is what a TextField, SelectField or TextAreaField spreads: the field's
 * `register(name, options)` with the schema's message for it as `error`.
 */
export function useDialogForm<In extends FieldValues, Out>(schema: $ZodType<Out, In>, first: FieldPath<In>, defaultValues?: DefaultValues<In>) {
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues });
  useFirstFocus(form.setFocus, first);
  const { register, getFieldState, formState } = form;
  const field: DialogField<In> = (name, options) => ({
    ...register(name, options),
    error: getFieldState(name, formState).error?.message,
  });
  return { ...form, errors: formState.errors, field };
}
