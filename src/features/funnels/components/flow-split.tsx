/**
 * The split conditions of a split page (001 §3 page `split`, §4 "Split conditions: percent,
 * or match (with a GET param and a value)"): shown in the page's settings, which the Pages
 * tab and the flow diagram's node (its Settings action) open. Bound to the `page:<id>`
 * document: each change is one command (typing coalesces); the rules of src/model/split.ts
 * show under each field as it is typed, and the server refuses the same on Save.
 */
import { useEditor, type DocId } from '../../../editor';
import { MSG, newUid, splitShares, type Page } from '../../../model';
import { splitConditionProblems } from '../../../model/split';
import { Box, Button, Inline, SelectField, TextField, styles as s } from '../../../ui';

/** Props of {@link SplitConditionsEditor}. */
export interface SplitConditionsEditorProps {
  /** The split page's document. */
  doc: DocId<'page'>;
  /** The page as the document holds it. */
  page: Pick<Page, 'split' | 'name'>;
  locked?: boolean;
}

type Condition = Page['split'][number];

/** See {@link SplitConditionsEditorProps}. */
export function SplitConditionsEditor({ doc, page, locked = false }: SplitConditionsEditorProps) {
  const editor = useEditor();
  const split = page.split;
  const problems = splitConditionProblems(split);
  const problemOf = (i: number, field: 'value' | 'param') => problems.find((p) => p.index === i && p.field === field)?.message;
  const sumProblem = problems.find((p) => p.index == null)?.message;
  const set = (label: string, recipe: (list: Condition[]) => void, mergeKey?: string) => {
    if (!locked) editor.edit(doc, label, (d: Page) => recipe(d.split), mergeKey ? { mergeKey } : undefined);
  };
  const at = (list: Condition[], c: Condition, i: number) => (c.uid ? list.find((x) => x.uid === c.uid) : list[i]);
  // Typing in condition i's parameter or value: one command per field, trimmed ("Set split value 2").
  const setText = (c: Condition, i: number, key: 'param' | 'value', word: string, text: string) =>
    set(
      `Set split ${word} ${i + 1}`,
      (list) => {
        const x = at(list, c, i);
        if (x) x[key] = text.trim();
      },
      `split/${c.uid ?? i}/${key}`,
    );
  const add = (type: Condition['type']) =>
    set(type === 'percent' ? 'Add split percentage' : 'Add split match', (list) => {
      list.push({ uid: newUid(), type, param: '', value: '' });
    });
  const shares = problems.length ? null : splitShares(page);
  return (
    <Box as="fieldset" disabled={locked} border="none" padding="none" margin="none" marginTop="md" aria-label="Split conditions">
      <Box as="legend" className={s.label}>
        Split conditions
      </Box>
      <Box as="p" margin="none" className={s.helpText}>
        A visitor whose GET parameter matches goes to the skip page; the others are drawn once: the percentages together go to the skip page, the rest to the
        next page.
      </Box>
      {split.length === 0 && (
        <Box as="p" className={s.helpText}>
          No conditions: every visitor goes to the next page.
        </Box>
      )}
      <Box as="ul" listStyle="none" padding="none" margin="none">
        {split.map((c, i) => (
          <Box as="li" key={c.uid ?? i} marginTop="sm">
            <Inline wrap={false} align="flex-start">
              <SelectField
                label={`Condition ${i + 1}`}
                value={c.type}
                options={[
                  { value: 'percent', label: 'Percent' },
                  { value: 'match', label: 'Match (GET)' },
                ]}
                onChange={(e) =>
                  set(`Set split condition ${i + 1} type`, (list) => {
                    const x = at(list, c, i);
                    if (x) x.type = e.target.value as Condition['type'];
                  })
                }
              />
              {c.type === 'match' && (
                <TextField
                  label={`GET parameter of condition ${i + 1}`}
                  value={c.param}
                  error={problemOf(i, 'param')}
                  placeholder="utm_source"
                  onChange={(e) => setText(c, i, 'param', 'parameter', e.target.value)}
                />
              )}
              <TextField
                label={c.type === 'percent' ? `Percent of condition ${i + 1}` : `Value of condition ${i + 1}`}
                value={c.value}
                error={problemOf(i, 'value')}
                inputMode={c.type === 'percent' ? 'numeric' : undefined}
                placeholder={c.type === 'percent' ? '0–100' : 'facebook'}
                onChange={(e) => setText(c, i, 'value', 'value', e.target.value)}
              />
              <Box paddingTop={22}>
                <Button
                  size="sm"
                  variant="ghost"
                  isDisabled={locked}
                  disabledReason={MSG.locked}
                  aria-label={`Remove split condition ${i + 1}`}
                  onPress={() =>
                    set(`Remove split condition ${i + 1}`, (list) => {
                      const k = c.uid ? list.findIndex((x) => x.uid === c.uid) : i;
                      if (k >= 0) list.splice(k, 1);
                    })
                  }
                >
                  Remove
                </Button>
              </Box>
            </Inline>
          </Box>
        ))}
      </Box>
      {sumProblem && (
        <Box as="p" role="alert" className={s.errorText}>
          {sumProblem}
        </Box>
      )}
      {shares && split.some((c) => c.type === 'percent') && (
        <Box as="p" role="status" className={s.helpText}>
          Skip page: {shares.skip}% · Next page: {shares.next}%
        </Box>
      )}
      <Inline marginTop="sm">
        <Button size="sm" isDisabled={locked} disabledReason={MSG.locked} onPress={() => add('percent')}>
          + Percent
        </Button>
        <Button size="sm" isDisabled={locked} disabledReason={MSG.locked} onPress={() => add('match')}>
          + Match
        </Button>
      </Inline>
    </Box>
  );
}
