/**
 * The rich-text field, loaded when a panel first shows one: lexical (about 77 kB gzipped) is
 * the page editor's largest library and only the content panels need it (issue 9 budgets).
 * Until it arrives the field's label shows with a busy placeholder of the same height.
 */
import { lazy, Suspense } from 'react';
import { styles as s } from '../../../../ui';
import type { RichTextFieldProps } from './RichTextField';
import * as c from './content.css';

const RichTextField = lazy(() => import('./RichTextField').then((m) => ({ default: m.RichTextField })));

/** {@link RichTextField}, code-split. Same props. */
export function LazyRichTextField(props: RichTextFieldProps) {
  return (
    <Suspense fallback={(
      <div className={s.field}>
        <span>{props.label}</span>
        <div className={c.rich}><div className={c.editable} aria-busy="true" role="status">Loading the text editor…</div></div>
      </div>
    )}>
      <RichTextField {...props} />
    </Suspense>
  );
}
