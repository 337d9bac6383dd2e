import { generateCustomer, type CatalogueCustomer } from './generate';
import {
  macFromAccountNumber,
  macFromBillingNumber,
  macFromSerialNumber,
  resolveMac,
  type MacEntry,
} from './macs';

const CACHE_LIMIT = 2000;

/**
 * Measurements of one device set at run time (`PUT /_sim/devices/{mac}/measurements`), over what the
 * catalogue generates: tests change a device between two looks.
 */
export interface MeasurementOverride {
  rxPower?: number;
  txPower?: number;
  oltRxPower?: number;
  operStatus?: number;
  plumeHealth?: number;
  /** Every Wi-Fi client's RSSI (its health word follows). */
  clientRssi?: number;
}

const healthOf = (rssi: number) =>
  rssi > -55 ? 'excellent' : rssi > -65 ? 'good' : rssi > -75 ? 'fair' : 'poor';

function applyOverride(customer: CatalogueCustomer, o: MeasurementOverride): CatalogueCustomer {
  const plumeScore = o.plumeHealth ?? customer.lan.plume.health.score;
  return {
    ...customer,
    state: {
      ...customer.state,
      rx_pwr: o.rxPower ?? customer.state.rx_pwr,
      tx_pwr: o.txPower ?? customer.state.tx_pwr,
      oltRxPower: o.oltRxPower ?? customer.state.oltRxPower,
      operStatus: o.operStatus ?? customer.state.operStatus,
    },
    lan: {
      ...customer.lan,
      plume: {
        ...customer.lan.plume,
        health: { score: plumeScore, status: plumeScore >= 75 ? 'pass' : plumeScore >= 55 ? 'warn' : 'fail' },
      },
      clients:
        o.clientRssi === undefined
          ? customer.lan.clients
          : customer.lan.clients.map((client) => ({
              ...client,
              rssi: o.clientRssi!,
              health: healthOf(o.clientRssi!),
            })),
    },
  };
}

/** Catalogue customers by MAC, generated on first use and kept in a bounded LRU (flat memory under load). */
export class CatalogueStore {
  private readonly cache = new Map<string, CatalogueCustomer>();
  private readonly overrides = new Map<string, MeasurementOverride>();

  constructor(
    private readonly seed: number,
    private readonly epoch: number,
  ) {}

  entry(mac: string): MacEntry | null {
    return resolveMac(mac);
  }

  /** Sets (merging) or, with null, removes a device's measurement override. */
  override(mac: string, value: MeasurementOverride | null): MeasurementOverride | null {
    if (value === null) {
      this.overrides.delete(mac);
      return null;
    }
    const merged = { ...this.overrides.get(mac), ...value };
    this.overrides.set(mac, merged);
    return merged;
  }

  get(entry: MacEntry): CatalogueCustomer {
    const customer = this.generated(entry);
    const override = this.overrides.get(entry.mac);
    return override ? applyOverride(customer, override) : customer;
  }

  private generated(entry: MacEntry): CatalogueCustomer {
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
