/**
 * A paged list's state in the URL (src/ui/list/list-state.ts): read with every malformed value
 * falling back to its default, written with defaults left out and the address's other
 * parameters kept, turned into the API's query, and the header click and Clear search rules.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST, listQueryOf, readListState, searchCleared, sortedBy, writeListState } from '../../../src/ui/list/list-state';

const SORTS = ['id', 'name', 'price'] as const;
const read = (q: string) => readListState(new URLSearchParams(q), SORTS);

describe('list state in the URL', () => {
  it('reads search, sort both ways, page and size', () => {
    expect(read('q=glow&sort=-name&page=3&per_page=50')).toEqual({ q: 'glow', sort: 'name', desc: true, page: 3, perPage: 50 });
    expect(read('sort=price')).toEqual({ ...DEFAULT_LIST, sort: 'price' });
    expect(read('')).toEqual(DEFAULT_LIST);
  });

  it('falls back to the default for a malformed value (a hand-edited link still opens)', () => {
    for (const q of ['sort=bogus', 'sort=--name', 'sort=__proto__', 'page=0', 'page=-2', 'page=1.5', 'page=x', 'page=1000000', 'per_page=7', 'per_page=1000'])
      expect(read(q), q).toEqual(DEFAULT_LIST);
    expect(read(`q=${'a'.repeat(300)}`).q).toHaveLength(200);
  });

  it('writes defaults out, keeps the other parameters, and reads back what it wrote', () => {
    const base = new URLSearchParams('role=operator&page=9');
    expect(writeListState(base, DEFAULT_LIST).toString()).toBe('role=operator');
    const s = { q: ' serum ', sort: 'price' as const, desc: true, page: 2, perPage: 100 };
    const written = writeListState(base, s);
    expect(written.toString()).toBe('role=operator&q=serum&sort=-price&page=2&per_page=100');
    expect(readListState(written, SORTS)).toEqual({ ...s, q: 'serum' });
  });

  it('asks the API for one page always, the search trimmed, the sort with its direction', () => {
    expect(listQueryOf(DEFAULT_LIST)).toEqual({ page: 1, per_page: 25 });
    expect(listQueryOf({ q: '  glow ', sort: 'name', desc: true, page: 4, perPage: 50 })).toEqual({ q: 'glow', sort: '-name', page: 4, per_page: 50 });
  });

  it('a header click sorts ascending, a second descending, back on page 1; Clear search keeps the sort', () => {
    const onPage3 = { ...read(''), page: 3 };
    const asc = sortedBy(onPage3, 'name');
    expect(asc).toMatchObject({ sort: 'name', desc: false, page: 1 });
    expect(sortedBy(asc, 'name')).toMatchObject({ sort: 'name', desc: true });
    expect(sortedBy(sortedBy(asc, 'name'), 'price')).toMatchObject({ sort: 'price', desc: false });
    expect(searchCleared({ ...asc, q: 'x', page: 2 })).toEqual({ ...asc, q: '', page: 1 });
  });
});
