import type { Clients } from './ports/upstream-clients';
import type { CallCache, Cached } from '../lib/call-cache';
import type { ChangeMarks } from './cache/change-marks';

export type { Clients };

/**
 * The cached read calls the 360 sections share, keyed by MAC (or account) and call. `fresh` asks for
 * data fetched now (the explicit refresh of a section). With `marks`, the calls whose answer an operation
 * changes (the ONU state, the voice subscriber, the birth certificates) use a cached answer only when no
 * operation changed the device since it was fetched, on whichever instance the operation ran.
 */
export function createUpstreamCalls(
  clients: Clients,
  cache: CallCache,
  marks?: ChangeMarks,
  /** The port listings' own cache (one call per port and minute for every viewer); without it, `cache`. */
  portCache: CallCache = cache,
) {
  const get = <T>(key: string, load: () => Promise<T>, fresh: boolean): Promise<Cached<T>> =>
    cache.get(key, load, fresh);
  const changeable = <T>(mac: string, key: string, load: () => Promise<T>, fresh: boolean) =>
    cache.get(
      key,
      load,
      fresh,
      marks ? (fetchedAt, ageMs) => marks.changedSince(mac, fetchedAt, ageMs) : undefined,
    );
  return {
    customerAccount: (mac: string, language: string, fresh: boolean) =>
      get(`customer:${mac}:${language}`, () => clients.customer.customerAccount(mac, language), fresh),
    billingAccounts: (account: string, language: string, fresh: boolean) =>
      get(`billing:${account}:${language}`, () => clients.customer.billingAccounts(account, language), fresh),
    products: (billing: string, language: string, fresh: boolean) =>
      get(`products:${billing}:${language}`, () => clients.customer.products(billing, language), fresh),
    lokiMacs: (account: string, fresh: boolean) =>
      get(`loki:${account}`, () => clients.customer.lokiMacs(account), fresh),
    details: (mac: string, fresh: boolean) => get(`details:${mac}`, () => clients.wan.details(mac), fresh),
    state: (mac: string, fresh: boolean) =>
      changeable(mac, `state:${mac}`, () => clients.wan.state(mac), fresh),
    firmware: (mac: string, fresh: boolean) => get(`firmware:${mac}`, () => clients.wan.firmware(mac), fresh),
    registration: (mac: string, fresh: boolean) =>
      get(`registration:${mac}`, () => clients.wan.registration(mac), fresh),
    provisioning: (mac: string, language: string, fresh: boolean) =>
      get(`provisioning:${mac}:${language}`, () => clients.wan.provisioningStatus(mac, language), fresh),
    lan: (mac: string, fresh: boolean) => get(`lan:${mac}`, () => clients.lan.cpe(mac), fresh),
    /** Per port, not per device or viewer; a refresh of the view reuses it. */
    portListing: (olt: string, port: string) =>
      portCache.get(`port:${olt}:${port}`, () => clients.ponPorts.listing(olt, port)),
    subscriber: (
      mac: string,
      networkType: 'EPON' | 'GPON',
      serial: string,
      hostIpMta: string | null,
      fresh: boolean,
    ) =>
      changeable(
        mac,
        `voice:${mac}`,
        () => clients.telephony.subscriber(networkType, serial, hostIpMta),
        fresh,
      ),
    birthCertificates: (mac: string, networkType: 'EPON' | 'GPON', networkGroup: string, fresh: boolean) =>
      changeable(
        mac,
        `bc:${mac}`,
        () => clients.birthCertificates.list(networkType, networkGroup, mac),
        fresh,
      ),
    /** Tells every instance that an operation changed the device (their cached answers of it are stale). */
    changed: async (mac: string) => {
      await marks?.mark(mac);
    },
    /** Drops what an operation changed. */
    forget: (key: string) => cache.delete(key),
    replace: <T>(key: string, value: T) => cache.set(key, value),
  };
}
export type UpstreamCalls = ReturnType<typeof createUpstreamCalls>;

/** The oldest fetch time of the answers a section used, and whether all came from the cache. */
export function stamp(parts: ReadonlyArray<Cached<unknown>>): { fetchedAt: string; cached: boolean } {
  return {
    fetchedAt: new Date(Math.min(...parts.map((part) => part.fetchedAt))).toISOString(),
    cached: parts.every((part) => part.cached),
  };
}
