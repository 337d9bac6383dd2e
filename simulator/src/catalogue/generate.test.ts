import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seedNumber } from '../config';
import { generateCustomer } from './generate';
import { customerMac, faultMac, FAULTS, resolveMac, type FaultName } from './macs';

const EPOCH = Date.UTC(2026, 10, 20);
const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** Every 37th catalogue customer (both technologies, every shape of data) and every fault device. */
const MACS = [
  ...Array.from({ length: Math.ceil(5000 / 37) }, (_, i) => customerMac(i * 37)),
  ...(Object.keys(FAULTS) as FaultName[]).map(faultMac),
];

describe('catalogue generation', () => {
  it('when customers are generated from the pinned seed, then every upstream answer is byte-identical to the pinned hash', () => {
    const customers = MACS.map((mac) => generateCustomer(seedNumber('pinned-seed'), resolveMac(mac)!, EPOCH));
    expect(customers).toHaveLength(147);
    expect(sha256(customers)).toBe('856c6fbdd39292167080ae936428bd8d9b81d94364b99c04c31e1fde6ff1b8be');
  });

  it('when another seed is used, then the customers differ', () => {
    const mac = resolveMac(customerMac(0))!;
    expect(sha256(generateCustomer(seedNumber('a'), mac, EPOCH))).not.toBe(
      sha256(generateCustomer(seedNumber('b'), mac, EPOCH)),
    );
  });
});
