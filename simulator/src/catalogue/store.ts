import { generateCustomer, type CatalogueCustomer } from './generate';
import {
  macFromAccountNumber,
  macFromBillingNumber,
  macFromSerialNumber,
  resolveMac,
  type MacEntry,
} from './macs';

const CACHE_LIMIT = 2000;

/** Catalogue customers by MAC, generated on first use and kept in a bounded LRU (flat memory under load). */
export class CatalogueStore {
  private readonly cache = new Map<string, CatalogueCustomer>();

  constructor(
    private readonly seed: number,
    private readonly epoch: number,
  ) {}

  entry(mac: string): MacEntry | null {
    return resolveMac(mac);
  }

  get(entry: MacEntry): CatalogueCustomer {
    // Devices whose certificate age is relative to the real clock are not cached.
    if (entry.bcAgeHours !== null) return generateCustomer(this.seed, entry, this.epoch);
    const cached = this.cache.get(entry.mac);
    if (cached) {
      this.cache.delete(entry.mac);
      this.cache.set(entry.mac, cached);
      return cached;
    }
    const customer = generateCustomer(this.seed, entry, this.epoch);
    this.cache.set(entry.mac, customer);
    if (this.cache.size > CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    return customer;
  }

  byAccountNumber(accountNumber: string): CatalogueCustomer | null {
    return this.byMac(
      macFromAccountNumber(accountNumber),
      (c) => c.account.customerAccountNumber === accountNumber,
    );
  }

  byBillingNumber(billingNumber: string): CatalogueCustomer | null {
    return this.byMac(macFromBillingNumber(billingNumber), (c) =>
      c.billingAccounts.some((b) => b.billingAccountNumber === billingNumber),
    );
  }

  bySerialNumber(serialNumber: string): CatalogueCustomer | null {
    return this.byMac(macFromSerialNumber(serialNumber), (c) => c.serialNumber === serialNumber);
  }

  private byMac(
    mac: string | null,
    check: (customer: CatalogueCustomer) => boolean,
  ): CatalogueCustomer | null {
    const entry = mac ? resolveMac(mac) : null;
    if (!entry) return null;
    const customer = this.get(entry);
    return check(customer) ? customer : null;
  }
}
