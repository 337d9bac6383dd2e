/**
 * Grading of measurements (pass / warn / fail) with the reason, from default GPON/EPON ranges. The
 * threshold manager will supply its own ranges in the same shape.
 */
export type Grade = 'pass' | 'warn' | 'fail' | 'n/a';
export type Metric = 'rxPower' | 'txPower' | 'oltRxPower' | 'rssi';

export interface Threshold {
  unit: string;
  failBelow?: number;
  warnBelow?: number;
  warnAbove?: number;
  failAbove?: number;
}

export interface Grading {
  grade: Grade;
  value: number | null;
  unit: string;
  /** The bound that decided a warn or fail (or, for a pass, the nearest warn bound), for the reason text. */
  rule: { grade: 'warn' | 'fail'; direction: 'below' | 'above'; bound: number } | null;
}

export const DEFAULT_THRESHOLDS: Record<'GPON' | 'EPON', Record<Metric, Threshold>> = {
  GPON: {
    rxPower: { unit: 'dBm', failBelow: -27, warnBelow: -25, warnAbove: -9, failAbove: -8 },
    txPower: { unit: 'dBm', failBelow: 0, warnBelow: 0.5, warnAbove: 5, failAbove: 6 },
    oltRxPower: { unit: 'dBm', failBelow: -30, warnBelow: -28 },
    rssi: { unit: 'dBm', failBelow: -75, warnBelow: -65 },
  },
  EPON: {
    rxPower: { unit: 'dBm', failBelow: -26, warnBelow: -24, warnAbove: -4, failAbove: -3 },
    txPower: { unit: 'dBm', failBelow: -1, warnBelow: 0, warnAbove: 4, failAbove: 5 },
    oltRxPower: { unit: 'dBm', failBelow: -29, warnBelow: -27 },
    rssi: { unit: 'dBm', failBelow: -75, warnBelow: -65 },
  },
};

/**
 * The graded words and scores the web app used to grade by fixed values, now the seeded rules of the
 * `wifiHealth` and `firmware` definitions (threshold-seed.ts): a Wi-Fi client's health word, Plume's
 * health score (0 to 100, graded as Plume's own status bands) and the firmware score (docs/requirements.md, "WAN, LAN and voice":
 * section 4: 0 correct firmware, 1 wrong firmware, -1 no approved version).
 */
export const WIFI_HEALTH_GRADES = { excellent: 'pass', good: 'pass', fair: 'warn', poor: 'fail' } as const;
export const PLUME_HEALTH_SCORE: Threshold = { unit: '', failBelow: 55, warnBelow: 75 };
export const FIRMWARE_SCORE_GRADES = { '0': 'pass', '1': 'fail', '-1': 'warn' } as const;

export function grade(value: number | null | undefined, threshold: Threshold): Grading {
  const unit = threshold.unit;
  if (value === null || value === undefined || Number.isNaN(value))
    return { grade: 'n/a', value: null, unit, rule: null };
  const { failBelow, warnBelow, warnAbove, failAbove } = threshold;
  if (failBelow !== undefined && value < failBelow)
    return { grade: 'fail', value, unit, rule: { grade: 'fail', direction: 'below', bound: failBelow } };
  if (failAbove !== undefined && value > failAbove)
    return { grade: 'fail', value, unit, rule: { grade: 'fail', direction: 'above', bound: failAbove } };
  if (warnBelow !== undefined && value < warnBelow)
    return { grade: 'warn', value, unit, rule: { grade: 'warn', direction: 'below', bound: warnBelow } };
  if (warnAbove !== undefined && value > warnAbove)
    return { grade: 'warn', value, unit, rule: { grade: 'warn', direction: 'above', bound: warnAbove } };
  const nearest =
    warnBelow !== undefined
      ? { grade: 'warn' as const, direction: 'below' as const, bound: warnBelow }
      : warnAbove !== undefined
        ? { grade: 'warn' as const, direction: 'above' as const, bound: warnAbove }
        : null;
  return { grade: 'pass', value, unit, rule: nearest };
}

export function gradeMetric(
  networkType: 'GPON' | 'EPON',
  metric: Metric,
  value: number | null | undefined,
): Grading {
  return grade(value, DEFAULT_THRESHOLDS[networkType][metric]);
}

/** Interface admin status and operational status as words (docs/requirements.md, "WAN, LAN and voice"). */
export const ADMIN_STATUS: Record<number, 'up' | 'down' | 'testing'> = { 1: 'up', 2: 'down', 3: 'testing' };
export const OPER_STATUS: Record<
  number,
  'up' | 'down' | 'testing' | 'unknown' | 'dormant' | 'notPresent' | 'lowerLayerDown'
> = {
  1: 'up',
  2: 'down',
  3: 'testing',
  4: 'unknown',
  5: 'dormant',
  6: 'notPresent',
  7: 'lowerLayerDown',
};
export type StatusWord = 'fail' | 'pass' | 'online' | 'offline' | 'warn' | 'n/a';
