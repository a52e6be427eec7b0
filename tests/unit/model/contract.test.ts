/** Route contracts (src/model/contract.ts): paths built from `{name}` parameters, defaults, and the types `call()` asks for. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CallArgs } from '../../../src/api/call';
import { bodyOf, contract, pathOf } from '../../../src/model';

const one = contract({ method: 'put', path: '/api/v1/things/{id}/parts/{part}', body: z.object({ n: z.number() }), answer: z.object({ ok: z.boolean() }) });

describe('contracts', () => {
  it('builds the path, each value URI-encoded so it never adds a segment', () => {
    expect(pathOf(one.path, { id: 7, part: 'a/b c' })).toBe('/api/v1/things/7/parts/a%2Fb%20c');
  });

  it('refuses a missing parameter', () => {
    expect(() => pathOf('/api/v1/things/{id}', {} as { id: number })).toThrow('/api/v1/things/{id}: no value for {id}');
  });

  it('answers 200 unless told, and gives its body schema to the server', () => {
    expect(one.status).toBe(200);
    expect(contract({ method: 'post', path: '/x', answer: z.null(), status: 201 }).status).toBe(201);
    expect(bodyOf(one)).toBe(one.body);
    expect(() => bodyOf(contract({ method: 'get', path: '/y', answer: z.null() }))).toThrow('/y: the contract declares no body');
  });

  it("types what a call takes: the path's parameters and the body", () => {
    const ok: CallArgs<typeof one> = { params: { id: 1, part: 'x' }, body: { n: 1 } };
    // @ts-expect-error a parameter of the path is missing
    const noPart: CallArgs<typeof one> = { params: { id: 1 }, body: { n: 1 } };
    // @ts-expect-error the body is not the contract's
    const badBody: CallArgs<typeof one> = { params: { id: 1, part: 'x' }, body: { n: 'one' } };
    expect([ok, noPart, badBody]).toHaveLength(3);
  });
});
