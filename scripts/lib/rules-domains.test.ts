import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowedDomainFunction, domainsOf, withDomains } from './rules-domains';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('allowed domains in firestore.rules', () => {
  it('when the rules are compared with functions/.env.demo-insight, then they hold the same domains', () => {
    const rules = readFileSync(path.join(ROOT, 'firestore.rules'), 'utf8');
    const domains = domainsOf(path.join(ROOT, 'functions/.env.demo-insight'));
    expect(domains.length).toBeGreaterThan(0);
    expect(withDomains(rules, domains)).toBe(rules);
  });
  it('when domains are written, then dots are literal and a bad domain is refused', () => {
    expect(allowedDomainFunction(['example-telecom.ca'])).toContain("'^[^@]+@(example-telecom[.]ca)$'");
    expect(() => allowedDomainFunction(["x' || true || '"])).toThrow();
  });
});
