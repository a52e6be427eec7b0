/**
 * The rich-text field, code-split: lexical (about 77 kB gzipped) is the page editor's largest
 * library and only the content panels need it (the bundle budgets,
 * tests/scripts/bundle-budget.ts). A content panel starts the
 * download when it opens ({@link preloadRichTextField}); once loaded, every field renders the
 * editor at once. Until then a field shows its label, its error and help, and a busy
 * placeholder of the editor's size.
 */
import { FieldPlaceholder } from '../code/LazyCodeEditor';
import { lazyModule } from '../lazy-module';
import type { RichTextFieldProps } from './RichTextField';
import * as c from './rich-text.css';

const field = lazyModule(() => import('./RichTextField'));

/**
 * Starts loading the editor (once) and resolves when it is ready; panels that may show a
 * rich-text field call it when they open. @throws (rejects) when the chunk cannot be fetched.
 */
export const preloadRichTextField = (): Promise<void> => field.load().then(() => undefined);

/** The rich-text field (./RichTextField), code-split. Same props. */
export function LazyRichTextField(props: RichTextFieldProps) {
  // A failed download leaves the placeholder; the next panel open tries again.
  const Loaded = field.useModule(true, 'wait')?.RichTextField;
  if (Loaded) return <Loaded {...props} />;
  return (
    <FieldPlaceholder label={props.label} help={props.help} error={props.error}>
      <div className={c.rich}>
        <div className={c.editable} aria-busy="true" role="status">
          Loading the text editor…
        </div>
      </div>
    </FieldPlaceholder>
  );
}
