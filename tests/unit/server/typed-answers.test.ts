/**
 * A handler's answer is typed by its route's declared responses (`on()` in
 * src/server/routes/common.ts): answering another shape or an undeclared status does not compile
 * (tsc runs over this file in npm test; an unused `@ts-expect-error` fails it), and a streamed or
 * pre-serialized body must be marked with `raw()`.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { json, on, raw, router } from '../../../src/server/routes/common';

const route = createRoute({
  method: 'get',
  path: '/typed-answer',
  operationId: 'typedAnswerFixture',
  responses: { 200: json(z.object({ n: z.number() }), 'A number') },
});

describe('typed answers', () => {
  it('the declared shape compiles and is answered', async () => {
    const app = router();
    on(app, 'public', route, (c) => c.json({ n: 1 }, 200));
    const res = await app.request('/typed-answer');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ n: 1 });
  });

  it('another shape, another status or a plain Response do not compile', () => {
    const app = router();
    // @ts-expect-error the route declares { n: number }
    on(app, 'public', route, (c) => c.json({ n: 'one' }, 200));
    // @ts-expect-error the route declares no 201
    on(app, 'public', route, (c) => c.json({ n: 1 }, 201));
    // @ts-expect-error an untyped Response must be marked raw()
    on(app, 'public', route, (c) => c.body('{"n":1}', 200));
    on(app, 'public', route, (c) => raw(c.body('{"n":1}', 200, { 'Content-Type': 'application/json' })));
    // Registered all the same (the types are the check); the first one answers.
    expect(app.routes.filter((r) => r.path === '/typed-answer').length).toBeGreaterThanOrEqual(4);
  });
});
