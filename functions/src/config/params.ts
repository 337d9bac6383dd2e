import { defineInt, defineSecret, defineString } from 'firebase-functions/params';

/** Every setting of the functions, declared once (values: functions/.env.<project>, secrets: Secret Manager). */
export const params = {
  customerApiUrl: defineString('CUSTOMER_API_URL', {
    description: 'Base URL of the customer, billing and product services',
  }),
  wanApiUrl: defineString('WAN_API_URL', { description: 'Base URL of the WAN PON ONU service' }),
  ponApiUrl: defineString('PON_API_URL', {
    description:
      "Base URL of the WAN service's PON port listing (GET …/pon/olt/{olt}/port/{shelf}/{slot}/{port}/onus); may be the OLT management system",
  }),
  lanApiUrl: defineString('LAN_API_URL', { description: 'Base URL of the LAN / Plume service' }),
  telephonyApiUrl: defineString('TELEPHONY_API_URL', { description: 'Base URL of the telephony service' }),
  bcApiUrl: defineString('BC_API_URL', { description: 'Birth-certificate host ({bcHost})' }),
  smsApiUrl: defineString('SMS_API_URL', { description: 'Base URL of the SMS gateway' }),
  searchApiUrl: defineString('SEARCH_API_URL', {
    description: 'Base URL of the customer search service (GET /search/v1/customers)',
  }),
  historyApiUrl: defineString('HISTORY_API_URL', {
    description:
      'Base URL of the Prometheus-compatible store of the device history (GET /api/v1/query_range): Prometheus, Thanos, Mimir or VictoriaMetrics',
  }),
  acsApiUrl: defineString('ACS_API_URL', {
    description:
      "Base URL of the auto-configuration server's northbound API (GenieACS's NBI: GET /devices/, POST /devices/{id}/tasks; docs/device-tests.md)",
  }),
  deviceTestTargets: defineString('DEVICE_TEST_TARGETS', {
    description:
      'The ping and traceroute targets engineering keeps, `id|label|host` entries separated by commas (the provider DNS and test servers)',
  }),
  speedTestUrl: defineString('SPEED_TEST_URL', {
    description:
      "The provider's TR-143 test server: the speed test's download file URL (the upload goes to the same URL)",
  }),
  upstreamTimeoutMs: defineInt('UPSTREAM_TIMEOUT_MS', {
    default: 8000,
    description: 'Timeout of each upstream call',
  }),
  cacheTtlSeconds: defineInt('CACHE_TTL_SECONDS', {
    default: 30,
    description: 'How long a 360 answer is reused',
  }),
  adminEmails: defineString('ADMIN_EMAILS', {
    default: '',
    description: 'Comma-separated e-mails that receive the engineering role at sign-in',
  }),
  allowedEmailDomains: defineString('ALLOWED_EMAIL_DOMAINS', {
    default: '',
    description: 'Comma-separated e-mail domains that may use Insight (empty: any)',
  }),
  upstreamApiKey: defineSecret('UPSTREAM_API_KEY'),
  stagingPlumeUrl: defineString('STAGING_PLUME_URL', {
    description: 'Endpoint of the Plume staging stream ({endpoint}/{province}?format=json&key={key})',
  }),
  stagingOnuUrl: defineString('STAGING_ONU_URL', {
    description: 'Endpoint of the ONU staging stream ({endpoint}/{province}?key={key})',
  }),
  stagingStreamKey: defineSecret('STAGING_STREAM_KEY'),
  /** The bearer secret Alertmanager's webhook carries to POST /api/outages/alerts (docs/outages.md). */
  outageAlertSecret: defineSecret('OUTAGE_ALERT_SECRET'),
  // The 360 view's links to the other tools: URL templates with {mac}, {node} and {account}.
  toolCompassUrl: defineString('TOOL_COMPASS_URL', {
    description: 'Compass, as a URL template (e.g. https://compass.example/devices/{mac})',
  }),
  toolDiagnosticPortalUrl: defineString('TOOL_DIAGNOSTIC_PORTAL_URL', {
    description: 'The diagnostic portal, as a URL template (it takes a mac query: …?mac={mac})',
  }),
  toolEponUrl: defineString('TOOL_EPON_URL', { description: 'ePON, as a URL template ({mac})' }),
  toolNetworkConsoleUrl: defineString('TOOL_NETWORK_CONSOLE_URL', {
    description: 'The Network Management Console, as a URL template ({node}: the fibre node)',
  }),
  toolThorLocationUrl: defineString('TOOL_THOR_LOCATION_URL', {
    description: 'THoR Location, as a URL template ({node}: the fibre node)',
  }),
  crmObjectUrl: defineString('CRM_OBJECT_URL', {
    description: "The CRM object page, as a URL template ({account}: the customer account's id)",
  }),
  voipTemplateUrl: defineString('VOIP_TEMPLATE_URL', { description: 'The VoIP template page' }),
};

/** A comma-separated list param as trimmed, non-empty items. */
export function listOf(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
