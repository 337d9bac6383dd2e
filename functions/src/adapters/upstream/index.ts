/**
 * The upstream adapters' public entry: what scripts/, harness/ and tests/ may use of them (the benches'
 * transport and connection pool, the staging streams, the CRM notifications' post). The other modules of this folder are internal to
 * functions/ (eslint.config.js, docs/architecture.md "Layers and import rules").
 */
export { httpTransport, keepAlivePool, requestText, type ServiceConfig, type Transport } from './transport';
export { stagingUpstream } from './staging-stream';
export { postNotification } from './crm-notification';
