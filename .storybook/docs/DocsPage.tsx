import { Controls, Description, Primary, Stories, Subtitle, Title, useOf } from '@storybook/addon-docs/blocks';
import { PAGE_SETTING_TYPES, pageTypesWithPanel } from '../../src/model';
import { CATALOGUE } from '../shown-messages';
import { WHAT_THIS_EDITS } from './what-this-edits';

/** The text of `MSG.<key>` as the catalogue gives it (parameters shown as `{…}`). */
const messageText = (key: string): string => CATALOGUE.find((c) => c.id === `MSG.${key}`)?.text ?? `(unknown message key ${key})`;

/**
 * "What this edits": for an editor panel, the page-meta keys it writes (000 §3) and
 * the seeds' messages it can show, from `.storybook/docs/what-this-edits.ts`. Nothing for a
 * component that is not a panel.
 */
export function WhatThisEditsBlock() {
  const resolved = useOf('meta', ['meta']);
  const entry = WHAT_THIS_EDITS[resolved.preparedMeta.title];
  if (!entry) return null;
  return (
    <section aria-labelledby="what-this-edits">
      <h3 id="what-this-edits">What this edits</h3>
      {entry.note ? <p>{entry.note}</p> : null}
      {entry.panel ? (
        <p>
          Shown on (and offered for) these page types: {pageTypesWithPanel(entry.panel).join(', ') || 'none'}.
          {entry.keys
            .filter((k) => Object.hasOwn(PAGE_SETTING_TYPES, k.key))
            .map((k) => (
              <span key={k.key}>
                {' '}
                <code>{k.key}</code> only on: {PAGE_SETTING_TYPES[k.key]!.join(', ')}.
              </span>
            ))}
        </p>
      ) : null}
      <table>
        <thead>
          <tr>
            <th scope="col">Page-meta key (000 §3)</th>
            <th scope="col">Holds</th>
          </tr>
        </thead>
        <tbody>
          {entry.keys.map((k) => (
            <tr key={k.key}>
              <td>
                <code>{k.key}</code>
              </td>
              <td>{k.holds}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4>Messages it can show</h4>
      {entry.messages.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {entry.messages.map((k) => (
            <li key={k}>
              “{messageText(k)}” <code>MSG.{k}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Every component's docs page (autodocs): its TSDoc description, the primary story, the props
 * table (types and defaults from react-docgen), "What this edits" for a panel, then every story.
 */
export function DocsPage() {
  return (
    <>
      <Title />
      <Subtitle />
      <Description />
      <WhatThisEditsBlock />
      <Primary />
      <Controls />
      <Stories />
    </>
  );
}
