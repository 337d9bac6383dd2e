/** The Wi-Fi's findings: a placement problem, weak clients, Plume's health. */
import type { LanSection } from '../../customer360';
import type { Grading } from '../../threshold-grading';
import type { Finding } from '../types';
import { finding, notPass } from './finding';

/**
 * Weak Wi-Fi clients make a finding only when they are at least this share of the connected ones: one weak
 * device among many is the device's place, not the home's Wi-Fi.
 */
export const WEAK_CLIENT_SHARE = 0.25;
/** At least this many connected clients, all poor, make a placement finding rather than several. */
export const PLACEMENT_MIN_CLIENTS = 3;

/** The client's worse grade of its RSSI and its health word. */
export function clientGrade(lan: LanSection, mac: string): Grading | null {
  const rssi = lan.grades?.clients[mac];
  const health = lan.grades?.health[mac];
  const rank = (grading: Grading | undefined) =>
    grading?.grade === 'fail' ? 2 : grading?.grade === 'warn' ? 1 : 0;
  if (!rssi && !health) return null;
  return rank(health) > rank(rssi) ? health! : rssi!;
}

/** The LAN's findings; `fibreFine` (null until the WAN answered) decides the placement combination. */
export function lanFindings(lan: LanSection, fibreFine: boolean | null): Finding[] {
  const findings: Finding[] = [];
  const connected = lan.clients.filter((client) => client.connectionState === 'connected');
  const graded = connected
    .map((client) => ({ client, grading: clientGrade(lan, client.mac) }))
    .filter(
      (item): item is { client: (typeof connected)[number]; grading: Grading } => item.grading !== null,
    );
  const weak = graded.filter((item) => notPass(item.grading));
  const poor = weak.filter((item) => item.grading.grade === 'fail');
  // The client with the lowest RSSI stands for the group (its value and the rule that graded it).
  const worst = weak
    .map((item) => ({ ...item, rssi: lan.grades?.clients[item.client.mac] }))
    .sort((a, b) => (Number(a.client.rssi) || 0) - (Number(b.client.rssi) || 0))[0];
  const placement =
    fibreFine === true &&
    graded.length >= PLACEMENT_MIN_CLIENTS &&
    weak.length === graded.length &&
    poor.length * 2 >= graded.length;
  if (placement) {
    findings.push(
      finding(
        'wifi-placement',
        'wifiPlacement',
        'fail',
        'lan',
        { count: graded.length },
        worst?.rssi ?? null,
      ),
    );
    return findings;
  }
  if (poor.length > 0 && poor.length >= WEAK_CLIENT_SHARE * graded.length)
    findings.push(
      finding(
        'wifi-clients',
        'wifiClients',
        'warn',
        'lan',
        {
          count: poor.length,
          total: graded.length,
          devices: poor.map((item) => item.client.hostname || item.client.mac).join(', '),
        },
        worst?.rssi ?? null,
      ),
    );
  const plume = lan.grades?.plumeHealth;
  if (notPass(plume))
    findings.push(
      finding(
        'plume-health',
        `wifiHealth.${plume.grade}`,
        plume.grade,
        'lan',
        { value: String(plume.value) },
        plume,
      ),
    );
  return findings;
}
