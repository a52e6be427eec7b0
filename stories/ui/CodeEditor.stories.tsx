import { useRef, useState } from 'react';
import preview from '../../.storybook/preview';
import type { StoryContext } from '@storybook/react-vite';
import { stepValue } from '../dialog-steps';
import { expect, fn, waitFor, within } from 'storybook/test';
import { invalidCodeMessage } from '../../src/model/code-check';
import { CodeEditor } from '../../src/ui/code/CodeEditor';
import { FieldPlaceholder } from '../../src/ui/code/LazyCodeEditor';
import { Button, LazyCodeEditor, type CodeEditorHandle, type CodeEditorProps } from '../../src/ui';

/**
 * The code editor (CodeMirror 6, code-split) of the template library's Meta field and the
 * template editor's CSS and Javascript editors: line numbers, highlighting, its own undo, a
 * lint gutter fed by the server's own checks, Tab that indents but lets keyboard users leave
 * (Escape, then Tab), read-only, and a refusal shown under it.
 */
const meta = preview.meta({
  title: 'UI/CodeEditor',
  component: LazyCodeEditor,
  subcomponents: { CodeEditor, FieldPlaceholder },
  args: { label: 'CSS', language: 'css' as const, value: '', onChange: fn(), onBlur: fn(), onProblems: fn() },
  render: (args) => <Controlled {...args} />,
});

/** Holds the value as a parent would, and can replace it from outside (as the command log's undo does). */
function Controlled(props: CodeEditorProps) {
  const [value, setValue] = useState(props.value);
  const [applied, setApplied] = useState<string | null>(null);
  const ref = useRef<CodeEditorHandle>(null);
  return (
    <div style={{ maxWidth: 560 }}>
      <LazyCodeEditor
        {...props}
        ref={ref}
        value={value}
        onChange={(v) => {
          setValue(v);
          props.onChange?.(v);
        }}
      />
      <Button onPress={() => setValue('.outside { color: blue; }')}>Replace from outside</Button>{' '}
      <Button
        onPress={() => {
          // What an Apply button of the template editor does: check now, refuse invalid code.
          const text = ref.current?.value() ?? value;
          setApplied(props.language === 'json' ? `${ref.current?.problems().length ?? 0} problems` : (invalidCodeMessage(props.language, text) ?? 'Applied'));
        }}
      >
        Apply
      </Button>
      <p role="note">
        Value: <code data-testid="value">{value}</code>
      </p>
      {applied && (
        <p role="status" aria-label="Apply result">
          {applied}
        </p>
      )}
    </div>
  );
}

const editorOf = async (canvasElement: HTMLElement, name: string) => within(canvasElement).findByRole('textbox', { name }, { timeout: 10_000 });
const gutterMarks = (canvasElement: HTMLElement) => canvasElement.querySelectorAll('.cm-lint-marker-error');
type Ctx = StoryContext;

/** Pastes `code` at the end of the editor labelled `label`, as the step `title`; gives the editor. */
const pasteAtEnd = ({ canvasElement, userEvent, step }: Ctx, title: string, label: string, code: string) =>
  stepValue(step, title, async () => {
    const editor = await editorOf(canvasElement, label);
    await userEvent.click(editor);
    await userEvent.keyboard('{Control>}{End}{/Control}');
    await userEvent.paste(code);
    return editor;
  });

/** The step 'Apply <verdict>': Apply pressed, the result says `result`. */
const applyStep = ({ canvas, userEvent, step }: Ctx, verdict: string, result: string) =>
  step(`Apply ${verdict}`, async () => {
    await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
    await expect(canvas.getByRole('status', { name: 'Apply result' })).toHaveTextContent(result);
  });

/** The step where the gutter marks one line and `problem` is said under the editor. */
const markedStep = ({ canvas, canvasElement, step }: Ctx, problem: string | RegExp) =>
  step('The gutter marks it and the problem is said', async () => {
    await waitFor(() => expect(gutterMarks(canvasElement)).toHaveLength(1), { timeout: 3000 });
    await expect(canvas.getByText(problem)).toBeVisible();
  });

/**
 * Valid CSS pasted in (code is pasted rather than typed: user-event keeps its own caret, which a
 * line the linter re-renders mid-typing leaves behind on a busy machine): highlighted, numbered, no gutter mark; Apply accepts it; Ctrl+Z undoes inside the field.
 */
export const ValidCss = meta.story({
  args: { value: '/* Hero */\n' },
  play: async (ctx) => {
    const { canvas, canvasElement, userEvent, args, step } = ctx;
    const editor = await pasteAtEnd(ctx, 'Paste a rule at the end', 'CSS', '.hero { color: red; }');
    await step('Passed on, numbered, highlighted, no problems', async () => {
      await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith('/* Hero */\n.hero { color: red; }'));
      await expect(canvasElement.querySelector('.cm-lineNumbers')).toHaveTextContent(/1.*2/);
      // Highlighted: the comment and the property are styled spans.
      await waitFor(() => expect(editor.querySelectorAll('.cm-line span').length).toBeGreaterThan(1), { timeout: 5000 });
      await waitFor(() => expect(args.onProblems).toHaveBeenLastCalledWith([]), { timeout: 3000 });
      await expect(gutterMarks(canvasElement)).toHaveLength(0);
    });
    await applyStep(ctx, 'accepts it', 'Applied');
    // The field's own history: Ctrl+Z inside it takes back the typing.
    await step('Ctrl+Z inside the field takes back the paste', async () => {
      await userEvent.click(editor);
      await userEvent.keyboard('{Control>}z{/Control}');
      await waitFor(() => expect(canvas.getByTestId('value')).toHaveTextContent(/^\/\* Hero \*\/$/));
    });
  },
});

/** Invalid CSS: the gutter marks the line, the problem is named under the editor, and Apply refuses with 'Not valid css code'. */
export const InvalidCss = meta.story({
  args: { value: '/* Hero */\n' },
  play: async (ctx) => {
    await pasteAtEnd(ctx, 'Paste a rule without its closing brace (a browser would have to recover from it)', 'CSS', 'body { color: red');
    await markedStep(ctx, /^Line 2, column 1: Unclosed block/);
    await applyStep(ctx, 'refuses it', 'Not valid css code');
  },
});

/** Invalid JavaScript: acorn's message at its place in the gutter; Apply refuses with 'Not valid javascript code'. */
export const InvalidJavascript = meta.story({
  args: { label: 'Javascript', language: 'javascript', value: 'const total = 1;\n' },
  play: async (ctx) => {
    await pasteAtEnd(ctx, 'Paste a broken statement', 'Javascript', 'const x = ;');
    await markedStep(ctx, 'Line 2, column 11: Unexpected token');
    await applyStep(ctx, 'refuses it', 'Not valid javascript code');
  },
});

/** Valid JavaScript passes: no mark, nothing named. */
export const ValidJavascript = meta.story({
  args: { label: 'Javascript', language: 'javascript', value: '// Tag manager\n' },
  play: async (ctx) => {
    await pasteAtEnd(ctx, 'Paste a good statement', 'Javascript', 'window.dataLayer = [];');
    await ctx.step('No problems', async () => {
      await waitFor(() => expect(ctx.args.onProblems).toHaveBeenLastCalledWith([]), { timeout: 3000 });
      await expect(gutterMarks(ctx.canvasElement)).toHaveLength(0);
    });
    await applyStep(ctx, 'accepts it', 'Applied');
  },
});

/** Meta as JSON: a trailing comma is named with its line and column; emptied, it says 'Meta can not be empty!'. */
export const InvalidJson = meta.story({
  args: { label: 'Meta', language: 'json', value: '{\n  "headline": "Hello"\n}' },
  play: async (ctx) => {
    const { canvas, canvasElement, userEvent, step } = ctx;
    let editor!: HTMLElement;
    await step('The stored meta has no problems', async () => {
      editor = await editorOf(canvasElement, 'Meta');
      await waitFor(() => expect(gutterMarks(canvasElement)).toHaveLength(0), { timeout: 3000 });
    });
    await step('Add a comma with nothing after it', async () => {
      await userEvent.click(editor);
      // After "Hello": a comma with nothing after it.
      await userEvent.keyboard('{Control>}{End}{/Control}{ArrowUp}{End},');
    });
    await markedStep(ctx, 'Not valid JSON at line 3, column 1: property name expected');
    await step("Empty it: the seed's message", async () => {
      await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
      await expect(await canvas.findByText('Meta can not be empty!', {}, { timeout: 3000 })).toBeVisible();
    });
  },
});

/** A refusal from the parent shows under the editor as an alert and marks the content invalid. */
export const WithError = meta.story({
  args: { value: '.a {{ }', error: 'Not valid css code', help: 'Styles of this page only' },
  play: async ({ canvas, canvasElement, step }) => {
    let editor!: HTMLElement;
    await step('The refusal shows under the field', async () => {
      editor = await editorOf(canvasElement, 'CSS');
      await expect(canvas.getByRole('alert')).toHaveTextContent('Not valid css code');
    });
    await step('The field is marked invalid and described', async () => {
      await expect(editor).toHaveAttribute('aria-invalid', 'true');
      await expect(editor).toHaveAccessibleDescription(/Styles of this page only.*Not valid css code/);
    });
    // The gutter still marks where.
    await step('The gutter marks where', async () => {
      await waitFor(() => expect(gutterMarks(canvasElement)).toHaveLength(1), { timeout: 3000 });
    });
  },
});

/** Read-only: focusable and readable, typing changes nothing. */
export const ReadOnly = meta.story({
  args: { value: 'body { margin: 0; }', readOnly: true },
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    let editor!: HTMLElement;
    await step('The field is read-only', async () => {
      editor = await editorOf(canvasElement, 'CSS');
      await expect(editor).toHaveAttribute('aria-readonly', 'true');
    });
    await step('Type into it', async () => {
      await userEvent.click(editor);
      await userEvent.keyboard('x');
    });
    await step('Nothing changes', async () => {
      await expect(editor).toHaveTextContent('body { margin: 0; }');
      await expect(args.onChange).not.toHaveBeenCalled();
      await expect(canvas.getByTestId('value')).toHaveTextContent('body { margin: 0; }');
    });
  },
});

/** A new value from outside replaces the text without an onChange echo. */
export const ReplacedFromOutside = meta.story({
  args: { value: '.a { color: red; }' },
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    let editor!: HTMLElement;
    await step('The editor loads', async () => {
      editor = await editorOf(canvasElement, 'CSS');
    });
    await step('Replace from outside: shown, not passed on as typing', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Replace from outside' }));
      await waitFor(() => expect(editor).toHaveTextContent('.outside { color: blue; }'));
      await expect(args.onChange).not.toHaveBeenCalled();
    });
  },
});

/**
 * Tab indents inside the editor (the key is taken: default prevented, and not passed on to a
 * dialog's focus containment, which would move the focus as well); after Escape the next
 * Tab is left to the browser, which moves the focus on (no keyboard trap). CodeMirror reads
 * `keyCode`, which user-event does not set, so the keys are dispatched as a browser sends them.
 */
export const KeyboardLeaves = meta.story({
  args: { value: '.a {}' },
  play: async ({ canvas, canvasElement, userEvent, step }) => {
    let editor!: HTMLElement;
    await step('Focus the editor', async () => {
      editor = await editorOf(canvasElement, 'CSS');
      await userEvent.click(editor);
    });
    const key = (name: string, keyCode: number) => {
      const e = new KeyboardEvent('keydown', { key: name, code: name, bubbles: true, cancelable: true });
      Object.defineProperty(e, 'keyCode', { get: () => keyCode });
      return editor.dispatchEvent(e);
    };
    // What a dialog's focus containment sees (react-aria listens on the document).
    const reached: string[] = [];
    const onDoc = (e: KeyboardEvent) => {
      if (e.key === 'Tab') reached.push(e.defaultPrevented ? 'taken' : 'free');
    };
    document.addEventListener('keydown', onDoc);
    await step('Tab alone indents and goes no further', async () => {
      // Tab alone: taken by the editor (it indents), and it goes no further.
      await expect(key('Tab', 9)).toBe(false);
      await expect(reached).toEqual([]);
      await waitFor(() => expect(canvas.getByTestId('value').textContent).toMatch(/^\s+\.a \{\}$/));
    });
    await step('Escape, then Tab: the focus may leave', async () => {
      // Escape, then Tab: not taken, so the browser moves the focus to the next control.
      key('Escape', 27);
      await expect(key('Tab', 9)).toBe(true);
      document.removeEventListener('keydown', onDoc);
      await expect(reached).toEqual(['free']);
      await expect(canvas.getByTestId('value').textContent).toMatch(/^\s+\.a \{\}$/);
    });
  },
});
