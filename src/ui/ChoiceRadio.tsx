import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { Radio, RadioGroup } from 'react-aria-components';
import { Box } from './Box';
import * as css from './choice.css';
import { describePath, describeValue } from './describe';
import { sprinkles } from './sprinkles.css';

/**
 * One radio of a choice inside a react-aria `RadioGroup`, with a visible dot (react-aria's Radio
 * renders none): keep theirs / keep mine in the conflict question, keep now / revert in the
 * revert dialog.
 */
export function ChoiceRadio({ value, children }: { value: string; children: ReactNode }) {
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

/** Which side of a conflicting place is kept: the other side's value or the operator's. */
export type KeepSide = 'theirs' | 'mine';

/** Props of {@link KeepChoice}. */
export interface KeepChoiceProps {
  /** The conflicting place: `kind` 'removed' when the other side removed it; its value on each side. */
  item: { kind?: string; theirs?: unknown; mine?: unknown };
  /** Where it is, as the operator reads it: the group's name and bold heading. */
  where: string;
  /** What the heading adds when the other side removed it, e.g. " — removed later". */
  removedNote: string;
  /** The two radios' words before their values, e.g. "Keep theirs: " and "Keep mine: ". */
  theirsLabel: string;
  mineLabel: string;
  value: KeepSide;
  onChange: (side: KeepSide) => void;
  isDisabled?: boolean;
}

/**
 * One conflicting place's question, where an edit meets another's (the conflict panel: keep
 * theirs or mine; the revert dialog: keep the value now or revert it): its place in bold, then
 * a radio per side with that side's value, mine saying "(puts it back)" when it restores what
 * the other side removed.
 */
export function KeepChoice({ item, where, removedNote, theirsLabel, mineLabel, value, onChange, isDisabled }: KeepChoiceProps) {
  return (
    <RadioGroup aria-label={where} value={value} isDisabled={isDisabled} onChange={(v) => onChange(v === 'mine' ? 'mine' : 'theirs')}>
      <Box fontWeight="bold" marginBottom="xs">
        {where}
        {item.kind === 'removed' ? removedNote : ''}
      </Box>
      <ChoiceRadio value="theirs">
        {theirsLabel}
        <code>{describeValue(item.theirs)}</code>
      </ChoiceRadio>
      <ChoiceRadio value="mine">
        {mineLabel}
        <code>{describeValue(item.mine)}</code>
        {item.kind === 'removed' && item.mine !== undefined ? ' (puts it back)' : ''}
      </ChoiceRadio>
    </RadioGroup>
  );
}

/** Props of {@link KeepChoices}. */
export interface KeepChoicesProps {
  /** The conflicting places: an id, a JSON Pointer `path` and their values on each side. */
  items: readonly ({ id: string; path: string } & KeepChoiceProps['item'])[];
  /** The document the paths are named in ({@link describePath}). */
  doc: unknown;
  /** The words of each question (see {@link KeepChoiceProps}). */
  words: Pick<KeepChoiceProps, 'removedNote' | 'theirsLabel' | 'mineLabel'>;
  /** The side chosen so far, by item id; an item not in it keeps theirs. */
  choices: Readonly<Record<string, KeepSide>>;
  onChoices: Dispatch<SetStateAction<Record<string, KeepSide>>>;
  isDisabled?: boolean;
  /** The list's accessible name. */
  label?: string;
  /** The look of each question's card. */
  cardClassName: string;
}

/** The questions of several conflicting places, a {@link KeepChoice} each in a list, keeping the sides chosen by item id. */
export function KeepChoices({ items, doc, words, choices, onChoices, isDisabled, label, cardClassName }: KeepChoicesProps) {
  return (
    <Box as="ul" listStyle="none" margin="none" padding="none" display="grid" gap="sm" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className={cardClassName}>
          <KeepChoice
            item={item}
            where={describePath(item.path, doc)}
            {...words}
            value={choices[item.id] ?? 'theirs'}
            isDisabled={isDisabled}
            onChange={(v) => onChoices((c) => ({ ...c, [item.id]: v }))}
          />
        </li>
      ))}
    </Box>
  );
}
