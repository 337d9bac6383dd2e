import { formatPhone } from '@insight/common/format';
import { normalizeMac } from '@insight/common/mac';
import type { SearchMatch, SearchQuery, SearchResponse, SearchResult } from '@insight/common/search';
import type { SearchField, SearchHit } from '@insight/common/upstream/search';
import { addressLines, fullName } from '../customer/assemble-customer';
import type { SearchClient } from '../ports/upstream-clients';

const MATCHES: Record<SearchField, SearchMatch> = {
  mac: 'mac',
  customerAccountNumber: 'account',
  billingAccountNumber: 'billingAccount',
  phoneNumber: 'phone',
  name: 'name',
  address: 'address',
};

/** One hit as the top-bar suggestion shows it; null when its MAC is not one the 360 view can open. */
export function toSearchResult(hit: SearchHit): SearchResult | null {
  const mac = normalizeMac(hit.mac);
  if (!mac) return null;
  const primary = hit.contactList.find((contact) => contact.isPrimaryContact) ?? hit.contactList[0];
  const phone = hit.matchedField === 'phoneNumber' ? hit.matchedValue : primary?.phoneNumber;
  return {
    mac,
    networkType: hit.networkType,
    name: hit.matchedField === 'name' ? hit.matchedValue : primary ? fullName(primary) : '-',
    customerAccount: hit.customerAccountNumber,
    billingAccount:
      hit.matchedField === 'billingAccountNumber' ? hit.matchedValue : (hit.billingAccountNumbers[0] ?? null),
    phone: phone ? formatPhone(phone) : null,
    address: hit.serviceAddress ? addressLines(hit.serviceAddress).join(', ') : null,
    matched: MATCHES[hit.matchedField],
  };
}

/** Global search: the validated query to the search service, its hits as results. */
export async function searchCustomers(search: SearchClient, query: SearchQuery): Promise<SearchResponse> {
  const answer = await search.customers(query.q, query.limit);
  return {
    query: query.q,
    total: answer.total,
    results: answer.hits.flatMap((hit) => toSearchResult(hit) ?? []),
  };
}
