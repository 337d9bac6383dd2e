import { describe, expect, it } from 'vitest';
import { openedViewStreamPath } from './view-path';

describe('the view a page address opens', () => {
  it('maps a page address to the view answer it opens, in its language, and nothing else', () => {
    expect(openedViewStreamPath('/i/mac/a4-c1-e8-00-00-01')).toBe('/360/A4C1E8000001?language=en');
    expect(openedViewStreamPath('/fr/i/mac/A4C1E8000001')).toBe('/360/A4C1E8000001?language=fr');
    expect(openedViewStreamPath('/i/mac/enter-mac')).toBeNull();
    expect(openedViewStreamPath('/i/mac/not-a-mac')).toBeNull();
    expect(openedViewStreamPath('/i/mac/%E0%A4%A')).toBeNull();
    expect(openedViewStreamPath('/threshold')).toBeNull();
  });
});
