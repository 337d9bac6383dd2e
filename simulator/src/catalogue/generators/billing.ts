import type { BillingAccount } from '@insight/common/upstream/customer';
import { billingNumberOf } from '../macs';
import { chance, int, pick, weighted } from '../random';
import type { CatalogueAccount } from './customer-account';
import type { Draw } from './draw';

/** The billing service's accounts: most have one ACTIVE; some several with one ACTIVE; a few several with none. */
export function generateBilling({ rng, faker, mac }: Draw, account: CatalogueAccount): BillingAccount[] {
  const billingShape = weighted(rng, [
    ['single', 85],
    ['severalActive', 10],
    ['severalNoActive', 5],
  ] as const);
  const billingCount = billingShape === 'single' ? 1 : int(rng, 2, 3);
  const activeAt =
    billingShape === 'severalActive' ? int(rng, 0, billingCount - 1) : billingShape === 'single' ? 0 : -1;
  const primary = account.contactList.find((c) => c.isPrimaryContact)!;
  return Array.from({ length: billingCount }, (_, i) => ({
    billingAccountNumber: billingNumberOf(mac, i),
    customerAccountId: account.customerAccountNumber,
    ebillAddress: chance(rng, 0.8)
      ? faker.internet.email({ firstName: primary.firstName, lastName: primary.lastName }).toLowerCase()
      : null,
    accountStatus: i === activeAt ? 'ACTIVE' : pick(rng, ['SUSPENDED', 'CLOSED'] as const),
  }));
}
