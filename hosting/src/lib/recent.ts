import { RECENT_LOOKUPS_LIMIT } from '@insight/common/constants';

/** Adds a MAC at the front of a user's list, without duplicates, keeping the last 20. */
export function addRecent(list: readonly string[], mac: string): string[] {
  return [mac, ...list.filter((item) => item !== mac)].slice(0, RECENT_LOOKUPS_LIMIT);
}
