import { describe, expect, it } from 'vitest';
import {
  accountNumberOf,
  bcAgeMac,
  billingNumberOf,
  customerMac,
  faultMac,
  hostIpMtaOf,
  macFromAccountNumber,
  macFromBillingNumber,
  macFromSerialNumber,
  parseMacParam,
  resolveMac,
  serialNumberOf,
} from './macs';

describe('simulator identifiers', () => {
  const macs = [customerMac(0), customerMac(4999), faultMac('telephonyDown'), bcAgeMac(30)];
  it.each(macs)(
    'when %s is turned into account, billing and serial numbers, then each maps back to it',
    (mac) => {
      expect(macFromAccountNumber(accountNumberOf(mac))).toBe(mac);
      expect(macFromBillingNumber(billingNumberOf(mac, 2))).toBe(mac);
      expect(macFromSerialNumber(serialNumberOf(mac, 'EPON'))).toBe(mac);
      expect(hostIpMtaOf(mac)).toMatch(/^10\.\d+\.\d+\.\d+$/);
    },
  );
  it('refuses MACs outside the catalogue and malformed ones', () => {
    expect(resolveMac(customerMac(5000))).toBeNull();
    expect(resolveMac('A4C1E8000001')).toBeNull(); // odd index must carry the EPON prefix
    expect(parseMacParam('aa:bb:cc:dd:ee:ff')).toBe('AABBCCDDEEFF');
    expect(parseMacParam('../../etc')).toBeNull();
    expect(macFromSerialNumber('XXXX00000000')).toBeNull();
  });
});
