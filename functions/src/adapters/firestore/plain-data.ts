import { DocumentReference, GeoPoint, Timestamp } from 'firebase-admin/firestore';

/**
 * A document's data as plain JSON values, for records the web app shows as they are: timestamps as ISO
 * strings, references as paths, geo points as { latitude, longitude }, bytes as base64.
 */
export function plainData(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof DocumentReference) return value.path;
  if (value instanceof GeoPoint) return { latitude: value.latitude, longitude: value.longitude };
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(plainData);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, plainData(field)]));
  }
  return value;
}

export function plainDocument(data: Record<string, unknown> | undefined): Record<string, unknown> | null {
  return data ? (plainData(data) as Record<string, unknown>) : null;
}
