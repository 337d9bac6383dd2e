import { describe, expect, it } from 'vitest';
import { openedViewReads } from './view-path';

describe('what a page address that opens a view reads first', () => {
  it('maps a page address to the view answer it opens in its language, its looks and the playbook, and nothing else', () => {
    expect(openedViewReads('/i/mac/a4-c1-e8-00-00-01')).toEqual({
      stream: '/360/A4C1E8000001?language=en',
      json: ['/360/A4C1E8000001/looks', '/diagnosis/playbook'],
    });
    expect(openedViewReads('/fr/i/mac/A4C1E8000001')?.stream).toBe('/360/A4C1E8000001?language=fr');
    expect(openedViewReads('/i/mac/enter-mac')).toBeNull();
    expect(openedViewReads('/i/mac/not-a-mac')).toBeNull();
    expect(openedViewReads('/i/mac/%E0%A4%A')).toBeNull();
    expect(openedViewReads('/threshold')).toBeNull();
  });
});
