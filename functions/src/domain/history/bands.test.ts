/** The History card's bands come from the threshold rules: the device's technology and variant, an edit moves them. */
import { describe, expect, it } from 'vitest';
import type { RuleDocument } from '@insight/common/threshold';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import { staticThresholds } from '../grading/threshold-source';
import { deviceBands, historyBands } from './bands';

const gpon = { technology: 'GPON', model: 'Generic ONU' } as const;

describe('historyBands', () => {
  it('gives each optical series its pass range and its warn ranges, lowest first, by the seeded rules of the technology', () => {
    const set = seedThresholdSet();
    expect(historyBands(set, gpon)).toEqual({
      rxPower: {
        pass: { min: -25, max: -9 },
        warn: [
          { min: -27, max: -25 },
          { min: -9, max: -8 },
        ],
      },
      txPower: {
        pass: { min: 0.5, max: 5 },
        warn: [
          { min: 0, max: 0.5 },
          { min: 5, max: 6 },
        ],
      },
      oltRxPower: { pass: { min: -28, max: null }, warn: [{ min: -30, max: -28 }] },
    });
    expect(historyBands(set, { technology: 'EPON', model: null }).rxPower?.pass).toEqual({
      min: -24,
      max: -4,
    });
  });

  it('follows an edit of a rule: the band moves with it', () => {
    const set = seedThresholdSet();
    const edited = {
      ...set,
      rules: set.rules.map((rule) =>
        rule.tdId === 'GPON-rxPower-PASS'
          ? { ...rule, rangeMin: -23 }
          : rule.tdId === 'GPON-rxPower-WARN-LOW'
            ? { ...rule, rangeMax: -23 }
            : rule,
      ),
    };
    const bands = historyBands(edited, gpon);
    expect(bands.rxPower?.pass).toEqual({ min: -23, max: -9 });
    expect(bands.rxPower?.warn[0]).toEqual({ min: -27, max: -23 });
  });

  it('takes the variant’s own rules for a device of that variant, the default ones for the others', () => {
    const set = seedThresholdSet();
    const variantRule = (name: string, result: RuleDocument['result'], min: number, max: number) => ({
      ...set.rules.find((rule) => rule.tdId === 'GPON-rxPower-PASS')!,
      tdId: `XGS-rxPower-${name}`,
      variantName: 'GPON-XGS',
      isDefault: false,
      result,
      rangeMin: min,
      rangeMax: max,
    });
    const withVariant = {
      ...set,
      rules: [...set.rules, variantRule('PASS', 'pass', -22, -6), variantRule('WARN', 'warn', -24, -22)],
    };
    const xgs = historyBands(withVariant, { technology: 'GPON', model: 'nokia xs-010x-q' });
    expect(xgs.rxPower).toEqual({ pass: { min: -22, max: -6 }, warn: [{ min: -24, max: -22 }] });
    expect(historyBands(withVariant, gpon).rxPower?.pass).toEqual({ min: -25, max: -9 });
  });

  it('gives no band where no rule grades the series, and none at all for a device of unknown technology', () => {
    const set = seedThresholdSet();
    const noOlt = { ...set, definitions: set.definitions.filter((d) => d.parameter !== 'oltRxPower') };
    expect(Object.keys(historyBands(noOlt, gpon)).sort()).toEqual(['rxPower', 'txPower']);
    expect(historyBands(set, { technology: null, model: null })).toEqual({});
  });
});

describe('deviceBands', () => {
  it('reads the device’s technology from its WAN details, and gives no bands (not an error) when they cannot be read', async () => {
    const calls = {
      details: (mac: string) =>
        mac === 'A4C1E8000001'
          ? Promise.resolve({ value: { networkType: 'EPON', model: 'X' } })
          : Promise.reject(new Error('not found')),
    } as unknown as Parameters<typeof deviceBands>[0];
    const bands = await deviceBands(calls, staticThresholds(), 'A4C1E8000001');
    expect(bands?.rxPower?.pass).toEqual({ min: -24, max: -4 });
    expect(await deviceBands(calls, staticThresholds(), 'A4C1E8000002')).toBeUndefined();
  });
});
