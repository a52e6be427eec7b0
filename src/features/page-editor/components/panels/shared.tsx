/**
 * Building blocks of the page-editor side panels (000 §2): the panel's document and guarded
 * editor, a text field that commits only valid text and radio-card choice groups (the
 * sortable list, whose drop records exactly one RFC 6902 `move`, is src/ui's SortableList).
 */
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useDoc, useEditor, type DocId } from '../../../../editor';
import { capitalize, MSG, pageExtrasErrors, type Page, type PageExtras } from '../../../../model';
import { Box, Button, describedBy, EmptyState, Inline, TextField, styles as s, useDraftText } from '../../../../ui';
import * as p from './panels.css';

/** Props every side panel takes. */
export interface PanelProps {
  /** The page whose `page:<id>` document the panel edits (it must be loaded in the editor store). */
  pageId: number;
  /** A locked funnel shows the panel read-only: controls disabled, nothing recorded (000 §4). */
  locked?: boolean;
}

/** The page document of a panel, its extras meta typed, and the model's messages for that meta. */
export function usePanelPage(pageId: number) {
  const doc: DocId<'page'> = `page:${pageId}`;
  const page = useDoc(doc);
  const meta = (page?.meta ?? {}) as PageExtras;
  const errors = useMemo(() => pageExtrasErrors(page?.meta ?? {}), [page?.meta]);
  return { doc, page, meta, errors };
}

/** A recipe on the page's meta draft (immer), typed as the extras keys. */
export type MetaRecipe = (meta: PageExtras) => void;

/**
 * The editor actions a panel uses, bound to its document. While `locked` they record nothing
 * (the disabled fieldset already stops the operator; this also stops programmatic calls).
 */
export function usePanelEditor(doc: DocId<'page'>, locked: boolean) {
  const editor = useEditor();
  return useMemo(() => {
    /** Records one labelled command; `mergeKey` coalesces typing (same key within 500 ms). */
    const set = (label: string, recipe: MetaRecipe, mergeKey?: string): boolean => {
      if (locked) return false;
      return editor.edit(doc, label, (d: Page) => recipe(d.meta as PageExtras), mergeKey ? { mergeKey } : undefined);
    };
    return {
      set,
      /** Sets one meta key; with `merge`, typing into it coalesces (the key is the merge key). */
      put<K extends keyof PageExtras>(label: string, key: K, value: PageExtras[K], merge = false): boolean {
        return set(
          label,
          (m) => {
            m[key] = value;
          },
          merge ? key : undefined,
        );
      },
      /** Records exactly one `move` op on the meta array `key`. */
      move(label: string, key: keyof PageExtras, from: number, to: number): boolean {
        if (locked) return false;
        return editor.move(doc, label, `/meta/${key}`, from, to);
      },
    };
  }, [doc, locked, editor]);
}

/** The outer chrome of a panel: titled section, read-only fieldset when locked. */
export function PanelFrame({ id, title, locked, children }: { id: string; title: string; locked: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <fieldset disabled={locked} className={p.lockable}>
        {children}
      </fieldset>
    </section>
  );
}

/** A small danger button that removes one entry, named by `label`; disabled, saying why, on a locked funnel. */
export function RemoveButton({ label, locked, onPress, children = 'Remove' }: { label: string; locked: boolean; onPress: () => void; children?: ReactNode }) {
  return (
    <Button size="sm" variant="danger" isDisabled={locked} disabledReason={MSG.locked} aria-label={label} onPress={onPress}>
      {children}
    </Button>
  );
}

/** An entry card's Edit/Done button for `what` ('addon Foo'); absent on a locked funnel (cards show read-only there). */
export function EditToggle({
  open,
  bodyId,
  what,
  locked,
  onToggle,
}: {
  open: boolean;
  bodyId: string;
  what: string;
  locked: boolean;
  onToggle: (open: boolean) => void;
}) {
  if (locked) return null;
  return (
    <Button
      size="sm"
      aria-expanded={open}
      aria-controls={open ? bodyId : undefined}
      onPress={() => onToggle(!open)}
      aria-label={open ? `Done editing ${what}` : `Edit ${what}`}
    >
      {open ? 'Done' : 'Edit'}
    </Button>
  );
}

/** Which entries of a list are open for editing, by id, and the function that opens or closes one. */
export function useOpenSet(): [ReadonlySet<string>, (id: string, open: boolean) => void] {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (id: string, o: boolean) =>
      setOpen((cur) => {
        const next = new Set(cur);
        if (o) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  return [open, toggle];
}

/** A form named `label` that calls `onAdd` on submit (Enter or its submit button) instead of navigating. */
export function AddForm({ label, onAdd, children }: { label: string; onAdd: () => void; children: ReactNode }) {
  return (
    <form
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onAdd();
      }}
    >
      {children}
    </form>
  );
}

/** The primary submit button of an add form (`children`: '+ Add …'); disabled, saying why, on a locked funnel. */
export function AddButton({ locked, children }: { locked: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="primary" isDisabled={locked} disabledReason={MSG.locked}>
      {children}
    </Button>
  );
}

/** A one-field add form in a row: the field (`children`) takes the width, the {@link AddButton} sits at its end. */
export function AddRow({
  label,
  onAdd,
  locked,
  button,
  children,
}: {
  label: string;
  onAdd: () => void;
  locked: boolean;
  button: ReactNode;
  children: ReactNode;
}) {
  return (
    <Inline
      as="form"
      align="flex-end"
      wrap={false}
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onAdd();
      }}
    >
      <Box flex={1}>{children}</Box>
      <Box marginBottom="md">
        <AddButton locked={locked}>{button}</AddButton>
      </Box>
    </Inline>
  );
}

/** An add form's refusal (seeds' wording) as an alert paragraph with `id`; nothing without one. */
export function AddError({ id, error }: { id?: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <Box as="p" id={id} role="alert" className={s.errorText} marginTop="none">
      {error}
    </Box>
  );
}

/**
 * The name an add form asks for and why the last add was refused (`error`, seeds' wording):
 * the state behind an {@link AddNameField}.
 */
export function useAddName() {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  return { name, setName, error, setError };
}

/** An add form's name field, showing the last refusal of its {@link useAddName} `draft`; typing clears the refusal. */
export function AddNameField({
  label,
  placeholder,
  locked,
  draft,
}: {
  label: string;
  placeholder: string;
  locked: boolean;
  draft: ReturnType<typeof useAddName>;
}) {
  return (
    <TextField
      label={label}
      value={draft.name}
      error={draft.error}
      disabled={locked}
      placeholder={placeholder}
      onChange={(e) => {
        draft.setName(e.target.value);
        draft.setError(undefined);
      }}
    />
  );
}

/** A card's first problem as an alert line under its summary (the card's fields are closed). */
export function CardError({ children }: { children: ReactNode }) {
  return (
    <Box as="p" role="alert" className={s.errorText} margin="none" marginTop="sm">
      {children}
    </Box>
  );
}

/** A panel's list of entries in a subsection, or `emptyMessage` when there are `count` 0. */
export function EntriesSection({ count, emptyMessage, children }: { count: number; emptyMessage: string; children: ReactNode }) {
  return <div className={p.subsection}>{count === 0 ? <EmptyState message={emptyMessage} /> : children}</div>;
}

/** Props of {@link DraftTextField}. */
export interface DraftTextFieldProps {
  label: string;
  /** The stored value. */
  value: string;
  /** Why the typed text may not be stored (seeds' wording), or undefined when it may. */
  validate: (text: string) => string | undefined;
  /** Called with each valid text as the operator types. */
  onCommit: (text: string) => void;
  /** The model's message for the stored value. */
  error?: string;
  help?: ReactNode;
  disabled?: boolean;
  placeholder?: string;
}

/**
 * A text input that keeps the operator's text while it is invalid and stores only valid
 * text, so invalid input records nothing (like the ui kit's NumberField). Follows the stored
 * value when it changes from outside (undo, redo, a reload).
 */
export function DraftTextField({ label, value, validate, onCommit, error, help, disabled, placeholder }: DraftTextFieldProps) {
  const { text, setText, bad, setBad } = useDraftText(value);
  return (
    <TextField
      label={label}
      value={text}
      error={bad ?? error}
      help={help}
      disabled={disabled}
      placeholder={placeholder}
      onChange={(e) => {
        const t = e.target.value;
        setText(t);
        const why = validate(t);
        setBad(why);
        if (!why && t !== value) onCommit(t);
      }}
    />
  );
}

/** One option of a {@link ChoiceGroup}. */
export interface Choice<V extends string> {
  value: V;
  label: string;
  preview?: ReactNode;
}

/**
 * A group of radio cards (native radios: arrow keys move the choice) under a legend, one
 * value at a time; `error` is announced and tied to the group.
 */
export function ChoiceGroup<V extends string>({
  legend,
  options,
  value,
  onChange,
  error,
  help,
  disabled,
  row,
}: {
  legend: string;
  options: readonly Choice<V>[];
  value: string | undefined;
  onChange: (v: V) => void;
  error?: string;
  help?: ReactNode;
  disabled?: boolean;
  /** Radio and label side by side (colour lists) instead of stacked cards (frame previews). */
  row?: boolean;
}) {
  const id = useId();
  const described = describedBy(id, { help, error });
  return (
    <fieldset className={p.choices} aria-describedby={described}>
      <legend className={s.label}>{legend}</legend>
      {help && (
        <span id={`${id}-help`} className={s.helpText}>
          {help}
        </span>
      )}
      <div className={p.choiceGrid}>
        {options.map((o) => (
          <label key={o.value} className={row ? `${p.choice} ${p.choiceRow}` : p.choice}>
            <input type="radio" name={id} value={o.value} checked={value === o.value} disabled={disabled} onChange={() => onChange(o.value)} />
            {o.preview}
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <span id={`${id}-error`} role="alert" className={s.errorText}>
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** A decorative preview of frame number `n` (1-based) of a frame list. */
export function FramePreview({ n }: { n: number }) {
  const look = p.FRAME_LOOK_ORDER[(n - 1) % p.FRAME_LOOK_ORDER.length];
  return <span aria-hidden="true" className={`${p.framePreview} ${look ? p.frameLooks[look] : ''}`} />;
}

/** A checkbox bound to a 'true'/'false' meta flag, with optional help (or the reason it is disabled). */
export function FlagField({
  label,
  checked,
  onToggle,
  disabled,
  help,
  error,
}: {
  label: string;
  checked: boolean;
  onToggle: (on: boolean) => void;
  disabled?: boolean;
  help?: ReactNode;
  error?: string;
}) {
  const id = useId();
  const described = describedBy(id, { help, error });
  return (
    <Box marginBottom="sm">
      <div className={s.row}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onToggle(e.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {help && (
        <Box id={`${id}-help`} className={s.helpText} marginLeft={22}>
          {help}
        </Box>
      )}
      {error && (
        <Box id={`${id}-error`} role="alert" className={s.errorText} marginLeft={22}>
          {error}
        </Box>
      )}
    </Box>
  );
}

/** Frame choices of a {@link ChoiceGroup}: "Frame 1", "Frame 2"… in the order of `frames`, each previewed by its {@link FramePreview}. */
export function frameOptions<F extends string>(frames: readonly F[]) {
  return frames.map((f, i) => ({ value: f, label: `Frame ${i + 1}`, preview: <FramePreview n={i + 1} /> }));
}

/**
 * Colour choices of a {@link ChoiceGroup}: each colour by its capitalised name, previewed by a
 * swatch (`swatchOf[c]`, the colour's class in panels.css).
 */
export function swatchOptions<C extends string>(colors: readonly C[], swatchOf: Record<C, string>) {
  return colors.map((c) => ({
    value: c,
    label: capitalize(c),
    preview: <span aria-hidden="true" className={`${p.swatch} ${swatchOf[c]}`} />,
  }));
}
