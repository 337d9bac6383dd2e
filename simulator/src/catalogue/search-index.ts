/**
 * The search service's index over the catalogue customers: finds a device by MAC (or part of one),
 * customer or billing account number, phone number, a contact's name or the service address, folding
 * case and accents. Hits are ranked by how well they match (the whole value, whole words, a start,
 * somewhere inside) and which field matched, then by catalogue order: the same query always gives the
 * same answer.
 */
import type { SearchField, SearchHit, SearchRecord } from '@insight/common/upstream/search';
import type { CatalogueCustomer } from './generate';

/** Lower case, accents removed, runs of white space as one space. */
export const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

const words = (text: string) =>
  fold(text)
    .split(/[\s,/-]+/)
    .filter(Boolean);

export function searchRecordOf(customer: CatalogueCustomer): SearchRecord {
  const billingAccountNumbers = customer.billingAccounts.map((b) => b.billingAccountNumber);
  const home = customer.products[billingAccountNumbers[0]!]?.[0]?.address ?? null;
  return {
    mac: customer.mac,
    networkType: customer.networkType,
    customerAccountNumber: customer.account.customerAccountNumber,
    billingAccountNumbers,
    contactList: customer.account.contactList,
    serviceAddress: home,
  };
}

const fullName = (contact: SearchRecord['contactList'][number]) =>
  [contact.firstName, contact.middleName, contact.lastName].filter(Boolean).join(' ');

function addressText(address: SearchRecord['serviceAddress']): string {
  if (!address) return '';
  return [
    address.unitValue,
    address.streetNumber,
    address.streetTypePrefix,
    address.streetName,
    address.streetTypeSuffix,
    address.directionalSuffix,
    address.city,
    address.province,
    address.postalCode,
  ]
    .filter(Boolean)
    .join(' ');
}

interface Entry {
  record: SearchRecord;
  mac: string;
  numbers: Array<{ field: SearchField; value: string }>;
  names: Array<{ value: string; folded: string; words: string[] }>;
  address: { value: string; words: string[] };
}

/** Field weights: where the same query matches two fields, the stronger one names the hit. */
const WEIGHT: Record<SearchField, number> = {
  mac: 6,
  customerAccountNumber: 5,
  billingAccountNumber: 4,
  phoneNumber: 3,
  name: 2,
  address: 1,
};
/** How a value matched: the whole of it, whole words of it, its start, or somewhere inside. */
const EXACT = 300;
const WORDS = 250;
const PREFIX = 200;
const INSIDE = 100;

const score = (value: string, query: string, insideFrom: number) =>
  value === query
    ? EXACT
    : value.startsWith(query)
      ? PREFIX
      : query.length >= insideFrom && value.includes(query)
        ? INSIDE
        : 0;

/**
 * Every query word starts a word of the text, in any order: EXACT when they are all its words, WORDS
 * when each is a whole word of it, else PREFIX.
 */
function wordsScore(text: string[], query: string[]): number {
  if (query.length === 0 || !query.every((q) => text.some((word) => word.startsWith(q)))) return 0;
  if (!query.every((q) => text.includes(q))) return PREFIX;
  return query.length === text.length ? EXACT : WORDS;
}

export class SearchIndex {
  private readonly entries: Entry[];

  constructor(readonly records: readonly SearchRecord[]) {
    this.entries = records.map((record) => ({
      record,
      mac: record.mac.toLowerCase(),
      numbers: [
        { field: 'customerAccountNumber' as const, value: record.customerAccountNumber },
        ...record.billingAccountNumbers.map((value) => ({ field: 'billingAccountNumber' as const, value })),
        ...record.contactList.flatMap((contact) =>
          contact.phoneNumber ? [{ field: 'phoneNumber' as const, value: contact.phoneNumber }] : [],
        ),
      ],
      // The primary contact first: on a tie it names the hit.
      names: [...record.contactList]
        .sort((a, b) => Number(b.isPrimaryContact) - Number(a.isPrimaryContact))
        .map((contact) => {
          const value = fullName(contact);
          return { value, folded: fold(value), words: words(value) };
        }),
      address: {
        value: addressText(record.serviceAddress),
        words: words(addressText(record.serviceAddress)),
      },
    }));
  }

  /** The best `limit` hits for `query`, and how many records matched in all. */
  search(query: string, limit: number): { total: number; hits: SearchHit[] } {
    const folded = fold(query);
    const hex = folded.replace(/[\s:.-]/g, '');
    const digits = folded.replace(/[\s().+-]/g, '');
    const terms = {
      folded,
      hex: /^[0-9a-f]{4,12}$/.test(hex) ? hex : null,
      digits: /^\d{3,}$/.test(digits) ? digits : null,
      words: words(query),
    };
    const found: Array<Match & { order: number }> = [];
    this.entries.forEach((entry, order) => {
      const match = bestMatch(entry, terms);
      if (match) found.push({ ...match, order });
    });
    found.sort((a, b) => b.score - a.score || a.order - b.order);
    return {
      total: found.length,
      hits: found.slice(0, limit).map(({ order, field, value }) => ({
        ...this.entries[order]!.record,
        matchedField: field,
        matchedValue: value,
      })),
    };
  }
}

interface Match {
  score: number;
  field: SearchField;
  value: string;
}
interface Terms {
  folded: string;
  hex: string | null;
  digits: string | null;
  words: string[];
}

/** The entry's strongest match for the query, or null when nothing matches. */
function bestMatch(entry: Entry, terms: Terms): Match | null {
  const candidates: Array<[number, SearchField, string]> = [];
  if (terms.hex) candidates.push([score(entry.mac, terms.hex, 6), 'mac', entry.record.mac]);
  if (terms.digits)
    for (const number of entry.numbers)
      candidates.push([score(number.value, terms.digits, 5), number.field, number.value]);
  for (const name of entry.names) {
    const inside = terms.folded.length >= 3 && name.folded.includes(terms.folded) ? INSIDE : 0;
    candidates.push([wordsScore(name.words, terms.words) || inside, 'name', name.value]);
  }
  if (wordsScore(entry.address.words, terms.words)) candidates.push([PREFIX, 'address', entry.address.value]);
  let best: Match | null = null;
  for (const [matched, field, value] of candidates) {
    const total = matched && matched + WEIGHT[field];
    if (total > (best?.score ?? 0)) best = { score: total, field, value };
  }
  return best;
}
