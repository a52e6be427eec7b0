/** The Meta tab names a refused `__proto__` key, even when it is the only key. */
import { describe, expect, it } from 'vitest';
import { parseMeta } from '../../../src/model/code-check.ts';
import { MSG } from '../../../src/model/messages.ts';

describe('parseMeta and __proto__', () => {
  it('names the key when it is the only one (it used to read as empty meta)', () => {
    const r = parseMeta('{"__proto__": {"isAdmin": true}}');
    expect(r).toMatchObject({ problem: { message: 'The key "__proto__" is not allowed in meta', line: 1, column: 2 } });
    expect(r).not.toMatchObject({ problem: { message: MSG.metaEmpty } });
  });
  it('names it beside other keys and nested', () => {
    expect(parseMeta('{"headline": "Hi", "__proto__": {}}')).toMatchObject({ problem: { message: 'The key "__proto__" is not allowed in meta' } });
    expect(parseMeta('{"list": [{"constructor": {"prototype": {}}}]}')).toMatchObject({
      problem: { message: expect.stringMatching(/^The key "(constructor|prototype)" is not allowed in meta$/) },
    });
  });
  it('still calls {} empty', () => {
    expect(parseMeta('{}')).toMatchObject({ problem: { message: MSG.metaEmpty } });
  });
});
