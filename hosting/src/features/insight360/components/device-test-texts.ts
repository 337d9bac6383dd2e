/**
 * A test from the device in words (docs/device-tests.md), the same in the card and in the ticket note:
 * its result in one line ("912 / 48 Mb/s at the gateway, plan 1,000 / 50: the line delivers the plan"),
 * and who ran it and when ("Speed test 3 minutes ago by support2@…").
 */
import { useTranslation } from 'react-i18next';
import type {
  DeviceTest,
  PingResult,
  ScanBand,
  SpeedResult,
  TestResult,
  TracerouteResult,
} from '@insight/common/device-tests';
// The verdicts' module carries no schema library: the ticket note is in the view's first chunk.
import {
  pingGrade,
  speedVerdict,
  type DeviceTestKind,
  type WifiBand,
} from '@insight/common/device-test-verdicts';
import { useNumber } from '../../../components/grade-chip';
import { useAgo } from './look-changes';

/** The bands' keys in the texts (a key holds no dot). */
export const BAND_KEY: Readonly<Record<WifiBand, 'b24' | 'b5'>> = { '2.4GHz': 'b24', '5GHz': 'b5' };

export function useTestTexts() {
  const { t } = useTranslation('insight360');
  const number = useNumber();
  const ago = useAgo();
  const ms = (value: number | null) => (value === null ? '—' : number(Math.round(value)));
  const kind = (value: DeviceTestKind) => t(`tests.kinds.${value}`);
  const band = (value: WifiBand) => t(`tests.bands.${BAND_KEY[value]}`);

  const speed = (result: SpeedResult) => {
    const speeds = t('tests.speed.speeds', {
      download: number(Math.round(result.downloadMbps)),
      upload: number(Math.round(result.uploadMbps)),
    });
    const verdict = speedVerdict(result);
    if (verdict.verdict === 'noPlan') return speeds;
    const plan = t('tests.speed.plan', {
      download: number(result.plan!.downloadMbps),
      upload: number(result.plan!.uploadMbps),
    });
    return verdict.verdict === 'delivers'
      ? t('tests.speed.delivers', { speeds, plan })
      : t('tests.speed.below', { speeds, plan, percent: verdict.percent });
  };
  /** A ping or traceroute target: its name in the list and its host. */
  const target = (result: PingResult | TracerouteResult) =>
    t('tests.targetOption', { label: result.label, host: result.host });
  const ping = (result: PingResult) =>
    t(`tests.ping.${pingGrade(result)}`, {
      host: target(result),
      received: result.received,
      sent: result.sent,
      loss: number(result.lossPercent),
      average: ms(result.averageMs),
      minimum: ms(result.minimumMs),
      maximum: ms(result.maximumMs),
    });
  const traceroute = (result: TracerouteResult) =>
    t(result.reached ? 'tests.traceroute.reached' : 'tests.traceroute.notReached', {
      host: target(result),
      count: result.hops.length,
    });
  /** One band of a scan: its channel, the verdict and its reason. */
  const scanBand = (scan: ScanBand) =>
    scan.channel === null
      ? t('tests.wifi.off', { band: band(scan.band) })
      : t('tests.wifi.band', {
          band: band(scan.band),
          channel: scan.channel,
          verdict: t(`tests.wifi.verdicts.${scan.verdict}`),
          reason: t(`tests.wifi.reasons.${scan.verdict}`, {
            count: scan.sameChannel + scan.overlapping,
            same: scan.sameChannel,
            overlapping: scan.overlapping,
          }),
          strongest:
            scan.strongestDbm === null ? '' : t('tests.wifi.strongest', { dbm: number(scan.strongestDbm) }),
        });

  /** The result in one line. */
  const result = (value: TestResult): string => {
    switch (value.kind) {
      case 'speed':
        return speed(value);
      case 'ping':
        return ping(value);
      case 'traceroute':
        return traceroute(value);
      case 'wifiScan':
        return value.bands.length === 0 ? t('tests.wifi.noBand') : value.bands.map(scanBand).join(' ');
    }
  };
  /** How long ago a moment was ("3 minutes ago"). */
  const since = (at: string, now: number) =>
    now - Date.parse(at) < 60_000 ? t('tests.justNow') : ago(Date.parse(at), now);
  /** "Speed test 3 minutes ago by support2@…": when it ended (or was asked for) and by whom. */
  const ranBy = (test: DeviceTest, now: number) => {
    const when = since(test.endedAt ?? test.requestedAt, now);
    return test.by
      ? t('tests.ranBy', { kind: kind(test.kind), ago: when, by: test.by })
      : t('tests.ranByNobody', { kind: kind(test.kind), ago: when });
  };
  return { kind, band, target, result, scanBand, ranBy, since, ms };
}
