/**
 * The upstream services the API calls, each on a base URL of its own (the functions' params,
 * functions/src/config/params.ts), and where the simulator serves each of them from one origin: the
 * birth certificates under `/bc` (their `{bcHost}`), the SMS gateway under `/sms`, the others at its root.
 */

/** One base URL per upstream service. */
export interface UpstreamBaseUrls {
  customer: string;
  wan: string;
  /** The WAN service's PON port listing: a base URL of its own (a deployment may serve it from the OLT management system). */
  pon: string;
  lan: string;
  telephony: string;
  birthCertificates: string;
  sms: string;
  /** The customer search service. */
  search: string;
  /** The device history's Prometheus-compatible store (GET /api/v1/query_range; docs/history.md). */
  history: string;
  /** The auto-configuration server's northbound API (GenieACS's NBI subset; docs/device-tests.md). */
  acs: string;
}

/** Every service's base URL on one simulator origin (`http://127.0.0.1:9100`, no trailing slash needed). */
export function simulatorBaseUrls(origin: string): UpstreamBaseUrls {
  const root = origin.replace(/\/+$/, '');
  return {
    customer: root,
    wan: root,
    pon: root,
    lan: root,
    telephony: root,
    birthCertificates: `${root}/bc`,
    sms: `${root}/sms`,
    search: root,
    history: root,
    acs: `${root}/acs`,
  };
}
