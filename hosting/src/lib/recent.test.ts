import { describe, expect, it } from 'vitest';
import { addRecent } from './recent';

describe('addRecent', () => {
  it('puts the newest first without duplicates', () => {
    expect(addRecent(['B', 'A'], 'A')).toEqual(['A', 'B']);
  });
  it('keeps the last 20', () => {
    const list = Array.from({ length: 20 }, (_, i) => `M${i}`);
    const next = addRecent(list, 'NEW');
    expect(next).toHaveLength(20);
    expect(next[0]).toBe('NEW');
    expect(next).not.toContain('M19');
  });
});
