import { describe, expect, it } from 'vitest';
import { mayReloadForChunk } from './lazy-page';

describe('chunk reload guard', () => {
  it('allows the first reload', () => {
    expect(mayReloadForChunk(1_000_000, null)).toBe(true);
  });
  it('refuses a second reload within 60 000 ms', () => {
    expect(mayReloadForChunk(1_060_000, 1_000_000)).toBe(false);
  });
  it('allows a reload after 60 000 ms', () => {
    expect(mayReloadForChunk(1_060_001, 1_000_000)).toBe(true);
  });
});
