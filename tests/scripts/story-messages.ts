/**
 * Story coverage of the message catalogue ("a story per seed message"): reads what the
 * story run recorded (`.storybook/test-runner.ts` appends, per story, the ids of the catalogue
 * messages it showed — `MSG` and `PREVIEW_MSG` of src/model/messages.ts), then
 * - lists every catalogue message that no story shows, and fails when one is missing and not
 *   listed below as one no component can show;
 * - fails when a message listed below is shown after all (the list must not go stale);
 * - fails when a panel's docs ("What this edits", .storybook/docs/what-this-edits.ts) name a
 *   message that none of that panel's stories shows (its title's, or a sibling file's titled
 *   "<title> …", e.g. "Funnels/FunnelDetailsForm messages").
 *
 * `tsx tests/scripts/story-messages.ts [FILE]` (FILE: the JSON-lines record, default
 * .tmp/story-messages.jsonl). Prints one line per message; exit 1 on any failure.
 */
import { existsSync, readFileSync } from 'node:fs';
import { CATALOGUE } from '../../.storybook/shown-messages';
import { WHAT_THIS_EDITS } from '../../.storybook/docs/what-this-edits';

/**
 * Catalogue messages no component shows, each with why. Only the API answers them, to a
 * request the app never sends; a story could show them only by faking that answer.
 */
export const NOT_SHOWN_BY_COMPONENTS: Record<string, string> = {
  'MSG.noBody': 'the API answers it to a write without a JSON body (000 §8); every form and editor of the app sends one',
};

interface Record_ {
  id: string;
  title: string;
  name: string;
  shown: string[];
}

function main(): number {
  const file = process.argv[2] ?? '.tmp/story-messages.jsonl';
  if (!existsSync(file)) {
    console.error(`No story record at ${file}: run the stories first (npm run test:stories).`);
    return 1;
  }
  const records = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record_);
  const shownBy = new Map<string, Set<string>>();
  for (const r of records)
    for (const id of r.shown) {
      if (!shownBy.has(id)) shownBy.set(id, new Set());
      shownBy.get(id)!.add(r.id);
    }
  const problems: string[] = [];
  let covered = 0;
  for (const m of CATALOGUE) {
    const stories = [...(shownBy.get(m.id) ?? [])].sort();
    const exempt = NOT_SHOWN_BY_COMPONENTS[m.id];
    if (stories.length > 0) {
      covered += 1;
      if (exempt) problems.push(`${m.id} is listed as shown by no component, but ${stories[0]} shows it: take it off the list`);
    } else if (!exempt) {
      problems.push(`${m.id} "${m.text}" is shown by no story`);
    }
  }
  for (const [title, entry] of Object.entries(WHAT_THIS_EDITS)) {
    // A panel's stories: its own file's, and a sibling file's titled "<title> …" (e.g. "… messages").
    const mine = records.filter((r) => r.title === title || r.title.startsWith(`${title} `));
    if (mine.length === 0) {
      problems.push(`"What this edits" names ${title}, which no story run has`);
      continue;
    }
    const shown = new Set(mine.flatMap((r) => r.shown));
    for (const key of entry.messages) {
      if (!shown.has(`MSG.${key}`)) problems.push(`${title}'s docs name MSG.${key}, which none of its stories shows`);
    }
  }
  const exempted = Object.keys(NOT_SHOWN_BY_COMPONENTS).length;
  console.log(
    `Story message coverage: ${records.length} stories; ${covered} of ${CATALOGUE.length} catalogue messages shown by a story, ${exempted} shown by no component (listed with why).`,
  );
  for (const p of problems) console.log(`  ✕ ${p}`);
  if (problems.length === 0) console.log('  every catalogue message a component can show has a story');
  return problems.length > 0 ? 1 : 0;
}

process.exit(main());
