/**
 * The code checks shared by the template editor and the server (001 §2 "CSS and Javascript
 * custom editors", "Meta (raw JSON)"; 001 §5 "Meta can not be empty!"; acorn,
 * css-tree and JSON.parse decide 'Not valid {language} code'): problems with their places,
 * the seeds' messages, and the length limit checked before any parsing.
 */
import { describe, expect, it } from 'vitest';
import {
  CODE_META_KEYS,
  codeProblems,
  codeSizeMessage,
  cssProblems,
  invalidCodeMessage,
  jsProblems,
  MAX_CODE_CHARS,
  metaCodeProblem,
  parseMeta,
} from '../../../src/model/code-check.ts';
import { MSG } from '../../../src/model/messages.ts';

describe('cssProblems', () => {
  it('finds nothing in valid modern style sheets (at-rules, strings holding markup, nesting with and without &)', () => {
    for (const css of [
      '',
      '.a{color:red}',
      '@media (max-width: 600px){.b{margin:0 auto}}',
      'a::after{content:"</style><script>alert(1)</script>"}',
      '.a{&.b{color:blue}}',
      ':root{--x: 4px}',
      'a{color:red;;}',
      '.a{.b{color:red}}',
      '.card{> img{width:100%} &:hover{color:red} .title{font-weight:700}}',
      'a{color:red; @media (min-width:1px){color:blue}}',
      '@keyframes k{from{opacity:0}50%{opacity:.5}to{opacity:1}}',
      '@layer base{a{color:red}}',
      '@container (min-width: 400px){a{color:red}}',
      '@font-face{font-family:X;src:url(a.woff2) format("woff2")}',
      'a{color: red !important}',
      'a{grid-template-areas:"a b" "c d"}',
      'a{--empty:}',
      'a:has(> img){inset:0}',
      'a{width:calc(100% - var(--a, 4px))}',
    ]) {
      expect(cssProblems(css), css).toEqual([]);
    }
  });

  it('refuses what a browser would have to recover from: unclosed blocks, strings, comments and brackets, missing values, unknown tokens', () => {
    const cases: [string, string][] = [
      ['body { color: red', 'Unclosed block'],
      ['@media (x){a{color:red}', 'Unclosed block'],
      ['a{color:"unclosed}', 'Unclosed string'],
      ['a{color:red} /* unclosed', 'Unclosed comment'],
      ['a{color:rgb(1,2,3}', 'Unclosed bracket'],
      ['a{background:url(x.png}', 'Unclosed bracket'],
      ['a{color:}', 'Value is expected for "color"'],
      ['a{color: ;}', 'Value is expected for "color"'],
      ['a{color}', 'Unknown word color'],
      ['a{color:red} $$ {}', 'Selector is expected'],
      ['a{color:red;#}', 'Unknown word #'],
      ['a{color:@}', 'Unexpected input'],
      ['a{color:red !}', 'Unexpected input'],
    ];
    for (const [css, message] of cases) {
      expect(
        cssProblems(css).map((p) => p.message),
        css,
      ).toEqual([message]);
      expect(invalidCodeMessage('css', css), css).toBe(MSG.invalidCode('css'));
      expect(metaCodeProblem({ css }), css).toBe(MSG.invalidCode('css'));
    }
  });

  it('reports each error with its offset, line and column (1-based)', () => {
    expect(cssProblems('.a{color:red}}')).toEqual([{ message: 'Unexpected }', from: 13, to: 14, line: 1, column: 14 }]);
    const [first] = cssProblems('.a{color:red}\n\n  {}');
    expect(first).toMatchObject({ message: 'Selector is expected', line: 3, column: 3 });
    expect(cssProblems('a{\n  color:\n}')).toEqual([{ message: 'Value is expected for "color"', from: 11, to: 12, line: 2, column: 9 }]);
  });
});

describe('jsProblems', () => {
  it('accepts classic scripts of the latest ECMAScript', () => {
    for (const js of ['', 'var a = 1;', 'const f = async () => { await 1; };\nclass A { #x = 1; static { } }', 'a?.b ?? c', '1_000n']) {
      expect(jsProblems(js), js).toEqual([]);
    }
  });

  it('reports the syntax error with its place, without acorn\'s "(line:column)" suffix', () => {
    expect(jsProblems('var =')).toEqual([{ message: 'Unexpected token', from: 4, to: 5, line: 1, column: 5 }]);
    expect(jsProblems('let x = 1;\nfoo(')).toEqual([{ message: 'Unexpected token', from: 15, to: 15, line: 2, column: 5 }]);
    expect(jsProblems('return 1')[0]?.message).toBe("'return' outside of function");
    // A page's custom script is a classic script: no modules, no top-level await.
    expect(jsProblems('import x from "y"')[0]?.message).toMatch(/sourceType: module/);
    expect(jsProblems('await 1')).toHaveLength(1);
  });
});

describe('parseMeta (the Meta tab)', () => {
  it('gives the meta of a JSON object with keys', () => {
    expect(parseMeta('{"headline": "Hi", "list": []}')).toEqual({ meta: { headline: 'Hi', list: [] } });
  });

  it("refuses blank text and {} with 'Meta can not be empty!'", () => {
    expect(parseMeta('')).toEqual({ problem: { message: MSG.metaEmpty, from: 0, to: 0, line: 1, column: 1 } });
    expect(parseMeta('  \n ')).toMatchObject({ problem: { message: MSG.metaEmpty } });
    expect(parseMeta('{}')).toMatchObject({ problem: { message: MSG.metaEmpty } });
    expect(parseMeta(' { } ')).toMatchObject({ problem: { message: MSG.metaEmpty } });
  });

  it('names the line and column of invalid JSON (strict: no comments, no trailing commas)', () => {
    expect(parseMeta('{"a":1,}')).toEqual({
      problem: { message: 'Not valid JSON at line 1, column 8: property name expected', from: 7, to: 8, line: 1, column: 8 },
    });
    expect(parseMeta('{"a":\n  1 2}')).toEqual({
      problem: { message: 'Not valid JSON at line 2, column 5: comma expected', from: 10, to: 11, line: 2, column: 5 },
    });
    expect(parseMeta('// note\n{"a":1}')).toMatchObject({ problem: { line: 1, column: 1 } });
  });

  it('refuses JSON that is not an object', () => {
    for (const text of ['[]', '"x"', '1', 'null', 'true'])
      expect(parseMeta(text), text).toMatchObject({ problem: { message: 'Meta must be a JSON object ({ … })' } });
  });
  it('refuses a __proto__, constructor or prototype key at any depth, at its place (never drops it silently)', () => {
    expect(parseMeta('{"headline": "Hi",\n "__proto__": {"polluted": 1}}')).toMatchObject({
      problem: { message: 'The key "__proto__" is not allowed in meta', line: 2, column: 2 },
    });
    expect(parseMeta('{"list": [{"constructor": 1}]}')).toMatchObject({ problem: { message: 'The key "constructor" is not allowed in meta' } });
    expect(parseMeta('{"a": {"prototype": {}}}')).toMatchObject({ problem: { message: 'The key "prototype" is not allowed in meta' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('invalidCodeMessage, codeProblems', () => {
  it("answers the seeds' messages, null for valid or empty code", () => {
    expect(invalidCodeMessage('css', '.a{color:red}}')).toBe('Not valid css code');
    expect(invalidCodeMessage('javascript', 'var =')).toBe('Not valid javascript code');
    expect(invalidCodeMessage('css', '.a{color:red}')).toBeNull();
    expect(invalidCodeMessage('javascript', '')).toBeNull();
    expect(invalidCodeMessage('css', '   \n')).toBeNull();
  });

  it('dispatches by language', () => {
    expect(codeProblems('css', '{}')).toHaveLength(1);
    expect(codeProblems('javascript', 'var =')).toHaveLength(1);
    expect(codeProblems('json', '{}')).toEqual([expect.objectContaining({ message: MSG.metaEmpty })]);
    expect(codeProblems('json', '{"a":1}')).toEqual([]);
  });
});

describe('metaCodeProblem', () => {
  it('checks css and customJs of a meta: the first refusal, or null', () => {
    expect(CODE_META_KEYS).toEqual({ css: 'css', customJs: 'javascript' });
    expect(metaCodeProblem({ css: '.a{color:red}', customJs: 'go();', headline: '{{{' })).toBeNull();
    expect(metaCodeProblem({ css: '', customJs: '' })).toBeNull();
    expect(metaCodeProblem({ css: '.a{color:red}}' })).toBe('Not valid css code');
    expect(metaCodeProblem({ customJs: 'function (' })).toBe('Not valid javascript code');
    expect(metaCodeProblem({ css: 42 })).toBe('Not valid css code');
    expect(metaCodeProblem({ customJs: { code: 'x' } })).toBe('Not valid javascript code');
    expect(metaCodeProblem({ css: null })).toBeNull();
    expect(metaCodeProblem(null)).toBeNull();
    expect(metaCodeProblem(undefined)).toBeNull();
  });

  it('checks only the keys asked for (a write checks the code it changed)', () => {
    const meta = { css: '{}', customJs: 'var =' };
    expect(metaCodeProblem(meta, ['customJs'])).toBe('Not valid javascript code');
    expect(metaCodeProblem(meta, ['css'])).toBe('Not valid css code');
    expect(metaCodeProblem(meta, [])).toBeNull();
  });

  it('refuses code over 100,000 characters by its length, naming the key, before parsing it', () => {
    expect(MAX_CODE_CHARS).toBe(100_000);
    const big = 'a'.repeat(2 * 1024 * 1024);
    expect(metaCodeProblem({ css: big })).toBe('The css code is too long: 2097152 characters, at most 100000');
    // The length is decided first: huge code that would not parse either gets the length message.
    expect(metaCodeProblem({ css: `${big}}}` })).toMatch(/^The css code is too long/);
    expect(metaCodeProblem({ customJs: `//${'x'.repeat(MAX_CODE_CHARS)}` })).toBe('The customJs code is too long: 100002 characters, at most 100000');
    expect(codeSizeMessage('css', 'a'.repeat(MAX_CODE_CHARS))).toBeNull();
    expect(codeSizeMessage('css', 'a'.repeat(MAX_CODE_CHARS + 1))).toMatch(/^The css code is too long/);
    // Code at the limit is parsed as usual.
    expect(metaCodeProblem({ css: `.a{color:red}${' '.repeat(MAX_CODE_CHARS - 14)}}` })).toBe('Not valid css code');
  });
});
