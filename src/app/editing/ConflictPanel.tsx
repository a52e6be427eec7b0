/**
 * The conflict question (issue 8; DESIGN.md "Rebase by identity"): someone else saved the
 * document meanwhile and some of the operator's unsent edits collide with theirs — an item
 * they edited was removed, or a value both changed. Each collision shows both values and the
 * operator keeps theirs or mine; every other edit has already been carried over by identity.
 */
import { useState, type ReactNode } from 'react';
import { Radio, RadioGroup } from 'react-aria-components';
import type { ConflictChoice, DocConflict, DocId } from '../../editor';
import { parsePointer } from '../../model';
import { Box, Button, sprinkles, styles as s } from '../../ui';
import * as css from './editing.css';

/** Members that name a list item for people, in order of preference. */
const NAME_KEYS = ['_package_name', 'name', 'data_name', 'user', 'boldText', 'faq_question', 'country', 'ID'] as const;

/**
 * A JSON Pointer as an operator reads it, naming list items by their name where they have
 * one: `/meta/products/1/_price` → `meta › products › “Studio” › _price`.
 */
export function describePath(pointer: string, doc: unknown): string {
  const parts: string[] = [];
  let node: unknown = doc;
  for (const t of parsePointer(pointer)) {
    if (Array.isArray(node)) {
      const item: unknown = node[Number(t)];
      const named = item && typeof item === 'object'
        ? NAME_KEYS.map((k) => (item as Record<string, unknown>)[k]).find((v) => typeof v === 'string' && v.trim())
        : undefined;
      parts.push(typeof named === 'string' ? `“${named}”` : `#${Number(t) + 1}`);
      node = item;
    } else {
      parts.push(t);
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[t] : undefined;
    }
  }
  return parts.join(' › ') || '(the whole document)';
}

/** A value as a short line of text: strings as they are, the rest as compact JSON (at most 80 characters). */
export function describeValue(v: unknown): string {
  if (v === undefined) return '(removed)';
  if (typeof v === 'string') return v === '' ? '(empty)' : v;
  const json = JSON.stringify(v);
  return json.length > 80 ? `${json.slice(0, 79)}…` : json;
}

/** One radio of a choice, with a visible dot (react-aria's Radio renders none). */
function Choice({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Radio value={value} className={sprinkles({ display: 'flex', gap: 6, alignItems: 'baseline', cursor: 'pointer', paddingY: 2, paddingX: 'none' })}>
      {({ isSelected, isFocusVisible }) => (
        <>
          <span aria-hidden className={isFocusVisible ? `${css.dot} ${css.dotFocused}` : css.dot}>
            {isSelected ? '◉' : '○'}
          </span>
          <span>{children}</span>
        </>
      )}
    </Radio>
  );
}

/** Props of {@link ConflictPanel}. */
export interface ConflictPanelProps {
  doc: DocId;
  /** How the document is named to the operator (e.g. "Page Checkout"); default its id. */
  title?: string;
  conflict: DocConflict;
  /** Settles the conflict (the store's `resolveConflict`). */
  onResolve: (choice: ConflictChoice) => void | Promise<unknown>;
}

/** See the module comment; one radio group per colliding place, then Apply. */
export function ConflictPanel({ doc, title = doc, conflict, onResolve }: ConflictPanelProps) {
  const [choices, setChoices] = useState<Record<string, 'mine' | 'theirs'>>({});
  const [busy, setBusy] = useState(false);
  const resolve = async (c: ConflictChoice) => {
    setBusy(true);
    try { await onResolve(c); } finally { setBusy(false); }
  };
  const n = conflict.items.length;
  const what = conflict.source === 'restore' ? 'The unsaved changes from your last visit' : 'Your unsaved changes';
  return (
    <Box as="section" role="alert" aria-label={`Conflict in ${title}`} className={s.tone.danger}
      width="full" padding={10} borderRadius="sm" display="grid" gap="sm">
      <strong>Someone else saved {title} meanwhile.</strong>
      <span>
        {what} were carried over onto their version, except {n === 1 ? 'one place' : `${n} places`} where you both changed the same
        thing. Choose what to keep:
      </span>
      <Box as="ul" listStyle="none" margin="none" padding="none" display="grid" gap="sm">
        {conflict.items.map((item) => {
          const where = describePath(item.path, conflict.base);
          return (
            <Box as="li" key={item.id} background="surface" color="text" padding="sm" borderRadius="sm">
              <RadioGroup aria-label={where} value={choices[item.id] ?? 'theirs'} isDisabled={busy}
                onChange={(v) => setChoices((c) => ({ ...c, [item.id]: v as 'mine' | 'theirs' }))}>
                <Box fontWeight="bold" marginBottom="xs">
                  {where}{item.kind === 'removed' ? ' — removed by someone else' : ''}
                </Box>
                <Choice value="theirs">Keep theirs: <code>{describeValue(item.theirs)}</code></Choice>
                <Choice value="mine">
                  Keep mine: <code>{describeValue(item.mine)}</code>{item.kind === 'removed' && item.mine !== undefined ? ' (puts it back)' : ''}
                </Choice>
              </RadioGroup>
            </Box>
          );
        })}
      </Box>
      <div className={s.row}>
        <Button size="sm" variant="primary" isDisabled={busy} onPress={() => void resolve(choices)}>Apply my choices</Button>
        <Button size="sm" isDisabled={busy} onPress={() => void resolve('keep-theirs')}>Keep all theirs</Button>
        <Button size="sm" variant="danger" isDisabled={busy} onPress={() => void resolve('overwrite')}>Keep all mine</Button>
      </div>
    </Box>
  );
}
