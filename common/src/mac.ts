/**
 * MAC addresses: docs/requirements.md, "MAC entry and global search". Accepted spellings: aabbccddeeff,
 * aa:bb:cc:dd:ee:ff, aa-bb-cc-dd-ee-ff, aabb.ccdd.eeff, any case. Normalised form: 12 upper-case hex digits.
 */
const FORMATS = [
  /^[0-9a-f]{12}$/i,
  /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i,
  /^[0-9a-f]{2}(-[0-9a-f]{2}){5}$/i,
  /^[0-9a-f]{4}(\.[0-9a-f]{4}){2}$/i,
];

export function normalizeMac(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length > 17 || !FORMATS.some((format) => format.test(trimmed))) return null;
  return trimmed.replace(/[^0-9a-f]/gi, '').toUpperCase();
}

export function isValidMac(input: string): boolean {
  return normalizeMac(input) !== null;
}

/** Display form: AA:BB:CC:DD:EE:FF. */
export function formatMac(mac: string): string {
  const normalized = normalizeMac(mac);
  return normalized ? normalized.match(/.{2}/g)!.join(':') : mac;
}
