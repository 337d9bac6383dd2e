/**
 * The Firestore adapters' public entry: what scripts/, harness/ and tests/ may use of them (the admin
 * store, the dependency counts' markers and reconcile, the markers' migration, the query shapes the
 * indexes are checked against, the threshold lists' reader, the SMS limits, the outage notifications'
 * delivery records). The other modules of this folder are internal to functions/ (eslint.config.js, docs/architecture.md "Layers and
 * import rules").
 */
export { firestoreAdminStore } from './firestore-admin-store';
export { applyAdminWrite, markerRef, parentState } from './firestore-dependencies';
export { migrateMarkers } from './admin/migrate-markers';
export type { DeleteStep } from './admin/transactions';
export { adminStoreQueryShapes } from './query-shapes';
export { firestoreThresholdLoader, THRESHOLD_FULL_READ_MS } from './firestore-thresholds';
export { firestoreSmsLimits, SMS_LIMITS_COLLECTION } from './firestore-sms-limits';
export { firestoreDeliveryStore, OUTAGE_DELIVERIES_COLLECTION } from './firestore-outage-deliveries';
export { firestoreDeviceTests, DEVICE_TESTS_COLLECTION } from './firestore-device-tests';
