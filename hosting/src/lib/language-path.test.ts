import { describe, expect, it } from 'vitest';
import { languageOfPath, safeReturnPath, stripLanguage, withLanguage } from './language-path';

describe('language paths', () => {
  it('reads the language from the prefix', () => {
    expect(languageOfPath('/fr/threshold')).toBe('fr');
    expect(languageOfPath('/fr')).toBe('fr');
    expect(languageOfPath('/fridge')).toBe('en');
  });
  it('switches language keeping the page', () => {
    expect(withLanguage('/threshold/definitions', 'fr')).toBe('/fr/threshold/definitions');
    expect(withLanguage('/fr/threshold/definitions', 'en')).toBe('/threshold/definitions');
    expect(withLanguage('/fr', 'en')).toBe('/');
    expect(withLanguage('/', 'fr')).toBe('/fr');
    expect(stripLanguage('/fr')).toBe('/');
  });
  it('re-exports the same-site check of common/ (tested in common/src/protected-pages.test.ts)', () => {
    expect(safeReturnPath('/threshold/variants?x=1')).toBe('/threshold/variants?x=1');
    expect(safeReturnPath('//evil.example')).toBeNull();
  });
});
