/**
 * What the tests run from the device show (docs/device-tests.md, "In the diagnosis"): the speed against the
 * plan (delivered, or below it with the link's findings as the cause when there are any), packet loss on a
 * ping, and a congested Wi-Fi channel. The results are the fresh ones only (`freshResults`).
 */
import { pingGrade, speedVerdict } from '../../device-test-verdicts';
import type { TestResult } from '../../device-tests';
import type { Finding } from '../types';
import { finding } from './finding';

const speeds = (down: number, up: number) => `${down} / ${up}`;

/** `others`: the findings of the view's sections, to say whether the link explains a slow line. */
export function testFindings(results: readonly TestResult[], others: readonly Finding[]): Finding[] {
  const findings: Finding[] = [];
  for (const result of results) {
    switch (result.kind) {
      case 'speed': {
        const verdict = speedVerdict(result);
        if (verdict.verdict === 'noPlan' || !result.plan) break;
        const values = {
          percent: verdict.percent,
          measured: speeds(result.downloadMbps, result.uploadMbps),
          plan: speeds(result.plan.downloadMbps, result.plan.uploadMbps),
        };
        if (verdict.verdict === 'delivers') {
          findings.push(finding('test-speed', 'lineDeliversPlan', 'info', 'wan', values));
          break;
        }
        const linkFault = others.some(
          (item) => item.group === 'link' && item.effect === 'score' && item.penalty > 0,
        );
        findings.push(
          finding(
            'test-speed',
            linkFault ? 'speedBelowPlanLink' : 'speedBelowPlan',
            verdict.percent < 50 ? 'fail' : 'warn',
            'wan',
            values,
          ),
        );
        break;
      }
      case 'ping': {
        const grade = pingGrade(result);
        if (grade === 'pass') break;
        findings.push(
          finding(`test-ping-${result.target}`, 'packetLoss', grade, 'wan', {
            target: result.label,
            loss: result.lossPercent,
            sent: result.sent,
            received: result.received,
          }),
        );
        break;
      }
      case 'wifiScan':
        for (const band of result.bands)
          if (band.verdict === 'congested' && band.channel !== null)
            findings.push(
              finding(`test-wifi-${band.band}`, 'wifiChannelCongested', 'warn', 'lan', {
                band: band.band === '2.4GHz' ? '2.4 GHz' : '5 GHz',
                channel: band.channel,
                count: band.sameChannel + band.overlapping,
                better: band.betterChannel ?? '-',
              }),
            );
        break;
      case 'traceroute':
        break;
    }
  }
  return findings;
}
