import { describe, expect, it } from 'vitest';
import { spokenAgo, spokenDuration } from './duration';

const HOUR = 3_600_000;

describe('spokenDuration', () => {
  it.each([
    [30_000, 'en', 'less than a minute'],
    [5 * 60_000, 'en', '5 minutes'],
    [1 * 60_000, 'en', '1 minute'],
    [30 * HOUR, 'en', 'about 30 hours'],
    [6728 * HOUR, 'en', 'about 280 days'],
    [6728 * HOUR, 'fr', 'environ 280 jours'],
    [500 * 24 * HOUR, 'en', 'about 16 months'],
    [1000 * 24 * HOUR, 'fr', 'environ 3 ans'],
  ] as const)('when %d ms in %s, then "%s"', (ms, language, text) => {
    expect(spokenDuration(ms, language).replace(/\u202f|\u00a0/g, ' ')).toBe(text);
  });
  it('says how long ago in either language', () => {
    expect(spokenAgo(6728 * HOUR, 'en')).toBe('about 280 days ago');
    expect(spokenAgo(6728 * HOUR, 'fr').replace(/\u202f|\u00a0/g, ' ')).toBe('il y a environ 280 jours');
  });
});
