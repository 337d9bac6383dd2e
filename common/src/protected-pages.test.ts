import { describe, expect, it } from 'vitest';
import { languageOfPath, loginRedirect, safeReturnPath } from './protected-pages';

describe('the post-sign-in destination (from=)', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(safeReturnPath('/threshold/variants?x=1')).toBe('/threshold/variants?x=1');
    expect(safeReturnPath('/fr/i/mac/A4C1E8000000?tab=wan#top')).toBe('/fr/i/mac/A4C1E8000000?tab=wan#top');
    expect(safeReturnPath('/')).toBe('/');
  });
  it.each([
    ['//evil.example', 'a scheme-relative URL'],
    ['//evil.example/i/mac', 'a scheme-relative URL with a path'],
    ['/\\evil.example', 'a backslash read as a slash'],
    ['/\t/evil.example', 'a tab that URL parsing drops'],
    ['/\n/evil.example', 'a newline that URL parsing drops'],
    ['https://evil.example/', 'an absolute URL'],
    ['javascript:alert(1)', 'a script URL'],
    ['evil.example', 'a relative path'],
    ['', 'nothing'],
  ])('refuses %j (%s)', (from) => {
    expect(safeReturnPath(from)).toBeNull();
  });
  it('refuses a missing value', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});

describe('the login redirect of a signed-out request', () => {
  it('sends English paths to /login and French ones to /fr/login, with the path and query', () => {
    expect(loginRedirect('/net-manage')).toBe('/login?from=%2Fnet-manage');
    expect(loginRedirect('/i/mac/A4C1E8000000?tab=wan')).toBe(
      '/login?from=%2Fi%2Fmac%2FA4C1E8000000%3Ftab%3Dwan',
    );
    expect(loginRedirect('/fr/threshold/definitions')).toBe('/fr/login?from=%2Ffr%2Fthreshold%2Fdefinitions');
    expect(loginRedirect('/fr')).toBe('/fr/login?from=%2Ffr');
  });
  it('keeps a from= inside the query as data of the path, never as the destination', () => {
    const location = loginRedirect('/i/mac/x?from=//evil.example');
    const from = new URL(location, 'http://portal.test').searchParams.get('from');
    expect(from).toBe('/i/mac/x?from=//evil.example');
    expect(safeReturnPath(from)).toBe('/i/mac/x?from=//evil.example');
  });
  it('drops from= when the path is not a same-site path', () => {
    expect(loginRedirect('//evil.example')).toBe('/login');
    expect(loginRedirect('/\\evil.example')).toBe('/login');
  });
  it('reads the language from the prefix only', () => {
    expect(languageOfPath('/fr/threshold')).toBe('fr');
    expect(languageOfPath('/fr')).toBe('fr');
    expect(languageOfPath('/fridge')).toBe('en');
  });
});
