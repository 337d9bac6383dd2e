import { readFileSync } from 'node:fs';

const BEGIN = '// ALLOWED_DOMAINS_BEGIN';
const END = '// ALLOWED_DOMAINS_END';

/** ALLOWED_EMAIL_DOMAINS of a functions .env file, as a list. */
export function domainsOf(envFile: string): string[] {
  const line = readFileSync(envFile, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('ALLOWED_EMAIL_DOMAINS='));
  return (line?.slice('ALLOWED_EMAIL_DOMAINS='.length) ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
}

/** The rules function for these domains (no domain: every verified e-mail, as the API does). */
export function allowedDomainFunction(domains: readonly string[]): string {
  for (const domain of domains)
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) throw new Error(`not a domain: ${domain}`);
  const body = domains.length
    ? `email.matches('^[^@]+@(${domains.map((domain) => domain.replace(/\./g, '[.]')).join('|')})$')`
    : 'email.matches(\'^[^@]+@.+$\')';
  return `    function allowedDomain(email) { return ${body}; }`;
}

/** The rules text with the allowed-domain function replaced. */
export function withDomains(rules: string, domains: readonly string[]): string {
  const start = rules.indexOf(BEGIN);
  const end = rules.indexOf(END);
  if (start === -1 || end === -1) throw new Error('firestore.rules has no ALLOWED_DOMAINS markers');
  const lineStart = rules.indexOf('\n', start) + 1;
  const endLine = rules.lastIndexOf('\n', end) + 1;
  return `${rules.slice(0, lineStart)}${allowedDomainFunction(domains)}\n${rules.slice(endLine)}`;
}
