import type { LanCpe } from '@insight/common/upstream/lan';
import type { BirthCertificate } from '@insight/common/upstream/birth-certificate';
import type { MacEntry } from '../macs';
import { chance, int, pick, round, weighted } from '../random';
import type { CatalogueAccount } from './customer-account';
import { HOUR, hex, type Draw, type Plan } from './draw';
import type { CatalogueWan } from './wan';

/**
 * The birth-certificate service's list: 5 % of devices have none yet, the others 1-3, upstream order not
 * guaranteed. The newest is usually issued after the ONU last registered (a technician's visit ends with
 * one); in 15 % the ONU registered again since. A fixture device's only certificate is its fixed age old,
 * from the real clock.
 */
export function generateBirthCertificates(
  draw: Draw,
  entry: MacEntry,
  epoch: number,
  plan: Plan,
  account: CatalogueAccount,
  wan: CatalogueWan,
  lan: LanCpe,
): BirthCertificate[] {
  const { rng, mac } = draw;
  const { podCount, voiceCount, hasTv } = plan;
  const { rx_pwr: rx, tx_pwr: tx, oltRxPower } = wan.state;
  const bcCount = entry.bcAgeHours !== null ? 1 : chance(rng, 0.05) ? 0 : int(rng, 1, 3);
  const registeredAt = wan.registration.registeredAt ? Date.parse(wan.registration.registeredAt) : null;
  const sinceRegistration = registeredAt === null ? null : Math.floor((epoch - registeredAt) / HOUR);
  const newestAge =
    sinceRegistration !== null && sinceRegistration > 2 && chance(rng, 0.85)
      ? int(rng, 1, sinceRegistration - 1)
      : int(rng, (sinceRegistration ?? 30) + 1, (sinceRegistration ?? 30) + 24 * 400);
  // Drawn newest last (the list is reversed below): the first is the oldest.
  const certificates: BirthCertificate[] = Array.from({ length: bcCount }, (_, i) => {
    const ageHours = entry.bcAgeHours ?? newestAge + (bcCount - 1 - i) * 24 * 30;
    const ts = new Date((entry.bcAgeHours !== null ? Date.now() : epoch) - ageHours * HOUR).toISOString();
    const result = weighted(rng, [
      ['pass', 80],
      ['warn', 12],
      ['fail', 8],
    ] as const);
    return {
      id: `bc-${mac}-${i + 1}`,
      ts,
      mac,
      created: ts,
      source: pick(rng, ['TECH_APP', 'SELF_INSTALL', 'INSIGHT_UI']),
      results: {
        overall: result,
        modem: result === 'fail' ? 'fail' : 'pass',
        wifi:
          podCount > 0
            ? weighted(rng, [
                ['pass', 85],
                ['warn', 15],
              ] as const)
            : 'n/a',
      },
      woId: chance(rng, 0.8) ? `WO${int(rng, 1000000, 9999999)}` : null,
      referral: chance(rng, 0.1) ? `REF-${int(rng, 1000, 9999)}` : null,
      openSync: chance(rng, 0.5),
      customerType: account.customerAccountType === 'RES' ? 'Residential' : 'Business',
      extenderPodsRequired: Math.max(0, podCount - int(rng, 0, 2)),
      ethernetInstalled: chance(rng, 0.3),
      techId: `T${int(rng, 10000, 99999)}`,
      regenerated: i > 0,
      regeneratedBy: i > 0 ? `T${int(rng, 10000, 99999)}` : null,
      power: { tx, rx: round(rx + (rng() - 0.5), 1) },
      oltReceivePower: oltRxPower,
      rssi: podCount > 0 ? -int(rng, 40, 70) : null,
      bandsteering: chance(rng, 0.7),
      servicesAdded: [
        'INTERNET',
        ...(voiceCount > 0 ? ['VOICE'] : []),
        ...(hasTv ? ['TV'] : []),
        ...(podCount > 0 ? ['WIFI'] : []),
      ],
      bcEpicoDevices: lan.pods.slice(0, 2).map((pod) => ({
        mac: hex(rng, 6),
        model: pod.model,
        rssi: -int(rng, 40, 70),
        result: 'pass' as const,
      })),
    };
  });
  if (certificates.length > 1) certificates.reverse();
  return certificates;
}
