/**
 * What bench:api runs of the functions, bundled as the deployed functions are (scripts/lib/bench-api-build.ts):
 * the app, the upstream configuration, the threshold cache and seed, and the client's keep-alive pool.
 */
export { keepAlivePool, requestText } from '../../functions/src/adapters/upstream';
export { simulatorUpstream } from '../../functions/src/config/upstream';
export { cachedThresholds } from '../../functions/src/domain/grading/threshold-source';
export { seedThresholdSet } from '../../common/src/threshold-seed';
export { startBenchApi } from './bench-api';
