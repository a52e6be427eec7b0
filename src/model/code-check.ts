/**
 * Code checks of the template editor (001 §2 "Template editor": CSS and Javascript custom
 * editors, Meta raw JSON; 001 §5 "Meta can not be empty!"; acorn, css-tree
 * and JSON.parse decide 'Not valid {language} code'). The same functions run in the editor
 * (CodeMirror's lint gutter, the refusal before a command is made) and on the server (a page
 * or template write), so what one refuses the other refuses.
 *
 * Not exported from the model barrel: the CSS parsers (postcss' parser, css-tree's) and acorn
 * weigh about 60 kB gzipped and load only where code is edited or stored.
 */
import { parse as parseJs } from 'acorn';
import parseCss from 'css-tree/parser';
import parsePostcss from 'postcss/lib/parse';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { forbiddenKeyIn } from './jsonpatch';
import { MSG } from './messages';

/** A code language the template editor edits. */
export type CodeLanguage = 'css' | 'javascript' | 'json';

/** One problem in a piece of code, for a lint gutter: `from`/`to` are UTF-16 offsets, `line`/`column` 1-based. */
export interface CodeProblem {
  message: string;
  from: number;
  to: number;
  line: number;
  column: number;
}

/** 1-based line and column of UTF-16 offset `pos` in `code`. */
function lineColumn(code: string, pos: number): { line: number; column: number } {
  const before = code.slice(0, pos);
  const line = before.split('\n').length;
  return { line, column: pos - before.lastIndexOf('\n') };
}

const problemAt = (code: string, pos: number, message: string): CodeProblem => {
  const at = Math.max(0, Math.min(code.length, pos));
  return { message, from: at, to: Math.min(code.length, at + 1), ...lineColumn(code, at) };
};

/** A css-tree parse error: its message and its offset in the parsed text. */
interface CssTreeError {
  message: string;
  offset: number;
}

/** css-tree's errors in `text` parsed as `context` ('selectorList', 'value'), recoverable ones and the one that stops it. */
function cssTreeErrors(text: string, context: 'selectorList' | 'value'): CssTreeError[] {
  const out: CssTreeError[] = [];
  try {
    parseCss(text, {
      context,
      positions: true,
      onParseError: (e: CssTreeError) => {
        out.push({ message: e.message, offset: e.offset });
      },
    });
  } catch (e) {
    const err = e as Partial<CssTreeError>;
    out.push({ message: err.message ?? 'Unexpected input', offset: err.offset ?? 0 });
  }
  return out;
}

/** UTF-16 offset of 1-based `line` and `column` in `code`. */
function offsetOf(code: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const nl = code.indexOf('\n', at);
    if (nl < 0) return code.length;
    at = nl + 1;
  }
  return at + column - 1;
}

/**
 * Syntax problems of a style sheet: what a browser would have to recover from is refused,
 * valid modern CSS (nesting with or without `&`, custom properties, at-rules) is not.
 *
 * - Structure (postcss' parser, which does not recover: the first error only): an unclosed
 *   block, string, comment or bracket ('Unclosed block', 'Unclosed string'…), a stray '}'
 *   ('Unexpected }'), a declaration without a colon or an unknown word ('Unknown word color').
 * - Content (css-tree, which reports every error): each rule's selector list (an empty one is
 *   'Selector is expected') and each
 *   declaration's value; a declaration without a value is 'Value is expected for "color"'
 *   (custom properties `--x` may hold anything, even nothing).
 */
export function cssProblems(code: string): CodeProblem[] {
  let root: ReturnType<typeof parsePostcss>;
  try {
    root = parsePostcss(code);
  } catch (e) {
    const err = e as { name?: string; reason?: string; message?: string; line?: number; column?: number };
    if (err.name !== 'CssSyntaxError') throw e;
    return [problemAt(code, offsetOf(code, err.line ?? 1, err.column ?? 1), err.reason ?? err.message ?? 'Unexpected input')];
  }
  const out: CodeProblem[] = [];
  root.walk((node) => {
    const start = node.source?.start?.offset ?? 0;
    if (node.type === 'rule') {
      if (node.selector.trim() === '') out.push(problemAt(code, start, 'Selector is expected'));
      else for (const e of cssTreeErrors(node.selector, 'selectorList')) out.push(problemAt(code, start + e.offset, e.message));
    } else if (node.type === 'atrule') {
      // `@@@` or `@ media` is no at-rule a browser knows: it would skip it, so it is refused.
      if (!/^-?[a-zA-Z_][\w-]*$/.test(node.name)) out.push(problemAt(code, start, `Unknown at-rule "@${node.name}"`));
    } else if (node.type === 'decl' && !node.prop.startsWith('--')) {
      const at = start + node.prop.length + (node.raws.between?.length ?? 0);
      if (node.value.trim() === '') out.push(problemAt(code, at, `Value is expected for "${node.prop}"`));
      else for (const e of cssTreeErrors(node.value, 'value')) out.push(problemAt(code, at + e.offset, e.message));
    }
  });
  return out.sort((a, b) => a.from - b.from);
}

/** The syntax error of a script, if any (acorn, latest ECMAScript, as a classic script). */
export function jsProblems(code: string): CodeProblem[] {
  try {
    parseJs(code, { ecmaVersion: 'latest', sourceType: 'script', allowHashBang: false });
    return [];
  } catch (e) {
    const err = e as SyntaxError & { pos?: number };
    // acorn's message ends with "(line:column)"; the gutter shows the place itself.
    return [problemAt(code, err.pos ?? 0, err.message.replace(/\s*\(\d+:\d+\)$/, ''))];
  }
}

/** 'PropertyNameExpected' → 'property name expected'. */
const describeJsonError = (code: string) => code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * Parses the Meta tab's raw JSON (001 §2 "Meta (raw JSON)"): an object with at least one key.
 * @returns the meta, or the problem: `MSG.metaEmpty` ('Meta can not be empty!') for blank
 * text or `{}`, the parser's message with line and column for invalid JSON, and a plain
 * sentence when the JSON is not an object.
 */
export function parseMeta(text: string): { meta: Record<string, unknown> } | { problem: CodeProblem } {
  if (!text.trim()) return { problem: problemAt(text, 0, MSG.metaEmpty) };
  // jsonc-parser (strict: no comments, no trailing commas) names the place of the first error;
  // JSON.parse's messages do not always carry one.
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first) {
    const p = problemAt(text, first.offset, '');
    return {
      problem: {
        ...p,
        to: Math.max(p.to, first.offset + first.length),
        message: `Not valid JSON at line ${p.line}, column ${p.column}: ${describeJsonError(printParseErrorCode(first.error))}`,
      },
    };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { problem: problemAt(text, 0, 'Meta must be a JSON object ({ … })') };
  // jsonc-parser assigns keys, so a `__proto__` key would become the prototype and vanish
  // (`{"__proto__": {}}` would read as empty); JSON.parse keeps it as an own key, which is
  // named and refused, as every write refuses it, before the emptiness check.
  const meta = JSON.parse(text) as Record<string, unknown>;
  const forbidden = forbiddenKeyIn(meta);
  if (forbidden !== undefined)
    return { problem: problemAt(text, Math.max(0, text.indexOf(`"${forbidden}"`)), `The key "${forbidden}" is not allowed in meta`) };
  if (Object.keys(meta).length === 0) return { problem: problemAt(text, 0, MSG.metaEmpty) };
  return { meta };
}

/** Problems of `code` in `language` (for the lint gutter). */
export function codeProblems(language: CodeLanguage, code: string): CodeProblem[] {
  if (language === 'css') return cssProblems(code);
  if (language === 'javascript') return jsProblems(code);
  const r = parseMeta(code);
  return 'problem' in r ? [r.problem] : [];
}

/**
 * The refusal of the seeds for invalid code: 'Not valid css code' / 'Not valid javascript
 * code' (MSG.invalidCode), or null when `code` parses. Empty code is valid (no custom code).
 */
export function invalidCodeMessage(language: 'css' | 'javascript', code: string): string | null {
  if (!code.trim()) return null;
  return codeProblems(language, code).length ? MSG.invalidCode(language) : null;
}

/** Meta keys that hold code: `css` (a style sheet) and `customJs` (a script). 000 §3, 001 §3 page meta. */
export const CODE_META_KEYS = { css: 'css', customJs: 'javascript' } as const;

/**
 * Longest custom code a meta key may hold, in characters (UTF-16 units): 100,000, the bound the
 * server puts on any one text of a request body (src/server/guards.ts MAX_TEXT). Far above any
 * real style sheet or script of a page; parsing that much takes tens of milliseconds, where the
 * 5 MB body limit alone would let through code whose parse takes seconds.
 */
export const MAX_CODE_CHARS = 100_000;

/**
 * The refusal of code longer than {@link MAX_CODE_CHARS} in meta key `key` ('css',
 * 'customJs'), or null: 'The css code is too long: 2097152 characters, at most 100000'.
 * Checked before parsing (the editor refuses it before making a command).
 */
export function codeSizeMessage(key: string, code: string): string | null {
  return code.length > MAX_CODE_CHARS ? `The ${key} code is too long: ${code.length} characters, at most ${MAX_CODE_CHARS}` : null;
}

/**
 * The first code refusal of a meta object's code keys ({@link CODE_META_KEYS}), or null:
 * {@link codeSizeMessage} for code over the length limit (checked before parsing), then
 * 'Not valid css code' / 'Not valid javascript code' ({@link invalidCodeMessage}). A code key
 * that is not a string is refused too (it could not be rendered as code). `keys`: only these
 * code keys (e.g. the ones a write changed); default all.
 */
export function metaCodeProblem(meta: Record<string, unknown> | null | undefined, keys?: readonly string[]): string | null {
  if (!meta || typeof meta !== 'object') return null;
  for (const [key, language] of Object.entries(CODE_META_KEYS)) {
    if (keys && !keys.includes(key)) continue;
    if (!Object.hasOwn(meta, key) || meta[key] == null) continue;
    const v = meta[key];
    if (typeof v !== 'string') return MSG.invalidCode(language);
    const msg = codeSizeMessage(key, v) ?? invalidCodeMessage(language, v);
    if (msg) return msg;
  }
  return null;
}
