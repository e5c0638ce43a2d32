import { describe, expect, it } from 'vitest';
import { changedFields } from './audit-changes.js';

describe('changedFields', () => {
  it('names the fields whose values differ, nested values compared whole', () => {
    expect(
      changedFields(
        { name: 'Aya', bio: 'x', nominations: [{ id: 1, title: 'A' }] },
        { name: 'Aya B', bio: 'x', nominations: [{ title: 'A', id: 1 }] },
      ),
    ).toEqual(['name']);
    expect(changedFields({ a: [1, 2] }, { a: [2, 1] })).toEqual(['a']);
  });

  it('lists what a creation set and what a deletion removed, skipping empty fields', () => {
    expect(changedFields(null, { name: 'Album', description: null })).toEqual(['name']);
    expect(changedFields({ name: 'Album', icon: 'star' }, null)).toEqual(['name', 'icon']);
  });

  it('treats a missing field as null and gives nothing for values that are not records', () => {
    expect(changedFields({ a: null }, {})).toEqual([]);
    expect(changedFields('x', 3)).toEqual([]);
    expect(changedFields(null, null)).toEqual([]);
  });
});
