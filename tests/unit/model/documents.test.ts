/**
 * The document registry (src/model/documents.ts): the kinds' ids, values, paths and identified
 * lists come from one entry each, and the command log's `edit`/`useDoc` are typed by it — a
 * recipe for the wrong kind does not compile (the `@ts-expect-error` lines are checked by tsc).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DocId, DocValue, EditorActions } from '../../../src/editor';
import {
  DOCUMENTS,
  docId,
  documentPath,
  idOf,
  isDocKind,
  kindOf,
  LIST_IDENTITY,
  listIdOps,
  type Funnel,
  type FunnelLayout,
  type Page,
  type Template,
} from '../../../src/model';

describe('the document registry', () => {
  it('names, parses and locates each kind of document', () => {
    expect(Object.keys(DOCUMENTS).sort()).toEqual(['funnel', 'layout', 'page', 'template']);
    expect(docId('page', 12)).toBe('page:12');
    expect(kindOf('template:4')).toBe('template');
    expect(idOf('layout:3')).toBe(3);
    expect(documentPath('funnel:7')).toBe('/api/v1/funnels/7');
    expect(documentPath('page:12')).toBe('/api/v1/pages/12');
    expect(documentPath('template:4')).toBe('/api/v1/templates/4');
    expect(documentPath('layout:3')).toBe('/api/v1/funnels/3/layout');
    expect(isDocKind('page')).toBe(true);
    expect(isDocKind('__proto__')).toBe(false);
    expect(isDocKind('toString')).toBe(false);
  });

  it('titles an audit entry by kind', () => {
    expect(DOCUMENTS.funnel.title({ name: 'Summer' } as Funnel)).toBe('Edit funnel Summer');
    expect(DOCUMENTS.page.title({ name: 'Checkout' } as Page)).toBe('Edit page Checkout');
    expect(DOCUMENTS.template.title({ name: 'Bold' } as Template)).toBe('Edit template Bold');
    expect(DOCUMENTS.layout.title({ funnel_id: 1, positions: {}, version: 0 })).toBe('Move pages in the flow diagram');
  });

  it("makes the rebase's identity table of every kind's lists, each path once", () => {
    const declared = Object.values(DOCUMENTS).flatMap((d) => d.lists.map((l) => l.path));
    expect(new Set(LIST_IDENTITY.map((l) => l.path))).toEqual(new Set(declared));
    expect(LIST_IDENTITY).toHaveLength(new Set(declared).size);
    // A list of one kind gets identities in a document of that kind, with the kind's prefix.
    const ops = listIdOps({ meta: { reviews: [{ text: 'Great' }] }, split: [{ page_id: 1 }], details: { faq: [{ faq_question: 'Why?' }] } });
    expect(ops.map((o) => o.path).sort()).toEqual(['/details/faq/0/uid', '/meta/reviews/0/id', '/split/0/uid']);
    expect(ops.find((o) => o.path === '/meta/reviews/0/id')).toMatchObject({ value: expect.stringMatching(/^review-[0-9a-z]{10}$/) });
  });

  it('types documents by their id', () => {
    expectTypeOf<DocValue<'page:1'>>().toEqualTypeOf<Page>();
    expectTypeOf<DocValue<'funnel:1'>>().toEqualTypeOf<Funnel>();
    expectTypeOf<DocValue<'template:1'>>().toEqualTypeOf<Template>();
    expectTypeOf<DocValue<'layout:1'>>().toEqualTypeOf<FunnelLayout>();
    expectTypeOf<DocValue<DocId<'page' | 'template'>>>().toEqualTypeOf<Page | Template>();
    const edit: EditorActions['edit'] = () => true;
    edit('page:1', 'Rename', (d) => {
      expectTypeOf(d).toEqualTypeOf<Page>();
    });
    // @ts-expect-error a page recipe for a funnel document does not compile
    edit('funnel:1', 'Rename', (d: Page) => void d.page_path);
    // @ts-expect-error not a kind of document
    expect(() => kindOf('offer:1')).toThrow('Not a document: offer:1');
  });
});
