/**
 * `npm run rules:domains [-- <project>]`: writes the allowed e-mail domains of functions/.env.<project>
 * (default demo-insight) into firestore.rules, so that the rules refuse users outside them as the API
 * does. Run it with the production project's .env before `firebase deploy --only firestore:rules`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/emulator-env';
import { domainsOf, withDomains } from './lib/rules-domains';

const project = process.argv[2] ?? 'demo-insight';
const domains = domainsOf(path.join(ROOT, `functions/.env.${project}`));
const file = path.join(ROOT, 'firestore.rules');
writeFileSync(file, withDomains(readFileSync(file, 'utf8'), domains));
console.log(`firestore.rules: allowed domains ${domains.join(', ') || '(any)'}`);
