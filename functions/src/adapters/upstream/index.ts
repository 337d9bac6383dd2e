/**
 * The upstream adapters' public entry: what scripts/, harness/ and tests/ may use of them (the benches'
 * transport and connection pool, the staging streams, the CRM notifications' post, the port listing's path
 * that the cost model counts). The other modules of this folder are internal to
 * functions/ (eslint.config.js, docs/architecture.md "Layers and import rules").
 */
export { httpTransport, keepAlivePool, requestText, type ServiceConfig, type Transport } from './transport';
export { stagingUpstream } from './staging-stream';
export { postNotification } from './crm-notification';
export { PORT_LISTING } from './wan-client';
