import { describe, expect, it } from 'vitest';
import { rowsHoldingIp } from '@insight/common/network';
import { CITIES } from '../../simulator/src/catalogue/places';
import { networkSeed } from './network-seed';

describe('network seed', () => {
  const seed = networkSeed();
  it('when seeded, then every head end and OLT the simulator can draw exists, several hundred rows in all', () => {
    const headEnds = new Set(seed.headEnds.map((h) => h.id));
    const cmts = new Set(seed.cmts.map((c) => c.cmtsId));
    for (const province of ['ON', 'QC'] as const)
      for (const { code } of CITIES[province]) {
        for (let h = 1; h <= 3; h += 1) expect(headEnds.has(`${province}-${code}-0${h}`)).toBe(true);
        for (let n = 1; n <= 12; n += 1) expect(cmts.has(`OLT-${code}-${n}`)).toBe(true);
      }
    expect(seed.cmts.length).toBeGreaterThanOrEqual(300);
    expect(new Set(seed.cmts.map((c) => c.headEnd.slice(0, 2)))).toEqual(new Set(['ON', 'QC']));
  });
  it('when seeded, then rows reference existing entries and no two rows share an IP', () => {
    const headEnds = new Set(seed.headEnds.map((h) => h.id));
    const areas = new Set(seed.marketAreas.map((m) => m.id));
    for (const row of seed.cmts) {
      expect(headEnds.has(row.headEnd) && areas.has(row.marketArea)).toBe(true);
      expect(rowsHoldingIp(seed.cmts, row.ipLookup, row.cmtsId)).toEqual([]);
      expect(rowsHoldingIp(seed.cmts, row.ipManage, row.cmtsId)).toEqual([]);
    }
  });
});
