/** The category forms' duplicate check (001 §5, §8): by name in any case first, then by sticky id, never against the category itself. */
import { describe, expect, it } from 'vitest';
import { duplicateOf } from '../../../../src/features/categories/components/CategoryForms';
import type { Category } from '../../../../src/model';
import { NO_EVENTS } from '../../../fixtures/demo';

const cat = (ID: number, name: string, sticky_id: number): Category => ({ ID, name, sticky_id, description: '', ...NO_EVENTS });
const all = [cat(1, 'Skin Care', 102), cat(2, 'Teeth Whitening', 104)];

describe('duplicateOf', () => {
  it('refuses a name another category has, in any case, with the seed text', () => {
    expect(duplicateOf(all, 'skin CARE', 999)).toEqual({ field: 'name', message: 'Category skin CARE already exists' });
  });
  it('refuses a sticky id another category has', () => {
    expect(duplicateOf(all, 'Hair', 104)).toEqual({ field: 'sticky_id', message: 'Category with 104 already exists' });
  });
  it('checks the name first, as the server does', () => {
    expect(duplicateOf(all, 'Teeth Whitening', 102)?.field).toBe('name');
  });
  it('lets a category keep its own name and sticky id', () => {
    expect(duplicateOf(all, 'Skin Care', 102, 1)).toBeNull();
  });
  it('accepts a new name and sticky id', () => {
    expect(duplicateOf(all, 'Hair', 106)).toBeNull();
  });
});
