import type {
  OnuDetails,
  OnuFirmware,
  OnuRegistration,
  OnuState,
  ProvisioningStatus,
} from '@insight/common/upstream/wan';
import { DEFAULT_THRESHOLDS, type Threshold } from '@insight/common/grading';
import { chance, int, pick, round, weighted, type Rng } from '../random';
import { FIRMWARE, HOUR, hex, MODELS, type Draw, type Plan } from './draw';

export interface CatalogueWan {
  details: OnuDetails;
  state: OnuState;
  firmware: OnuFirmware;
  registration: OnuRegistration;
  provisioning: { status: ProvisioningStatus['status']; steps: ProvisioningStatus['steps'] };
}

function opticalPower(rng: Rng, networkType: 'EPON' | 'GPON') {
  // Spread over the default pass / warn / fail ranges of common/src/grading.ts.
  const { warnBelow: warnAt, failBelow: failAt } = DEFAULT_THRESHOLDS[networkType]
    .rxPower as Required<Threshold>;
  const band = weighted(rng, [
    ['pass', 70],
    ['warn', 18],
    ['fail', 12],
  ] as const);
  if (band === 'pass') return round(warnAt + 0.1 + rng() * 14, 1);
  if (band === 'warn') return round(failAt + 0.1 + rng() * (warnAt - failAt - 0.2), 1);
  return round(failAt - 0.1 - rng() * 6, 1);
}

function traffic(rng: Rng, epoch: number, peak: number) {
  return Array.from({ length: 24 }, (_, hour) => ({
    ts: new Date(epoch - (23 - hour) * HOUR).toISOString(),
    rxMbps: round(peak * (0.05 + 0.6 * rng() * (hour > 17 ? 1.4 : 0.7)), 1),
    txMbps: round(peak * (0.02 + 0.2 * rng()), 1),
  }));
}

/** The WAN PON ONU service's answers: details, state (signal, traffic), firmware, registration, provisioning. */
export function generateWan(draw: Draw, plan: Plan, epoch: number): CatalogueWan {
  const { rng, mac, networkType, city, headEnd, serialNumber, hostIpMta } = draw;
  const { internet, voiceCount } = plan;
  const rx = opticalPower(rng, networkType);
  const tx = round(0.5 + rng() * 4, 1);
  const olt = `OLT-${city.code}-${int(rng, 1, 12)}`;
  const port = `${int(rng, 1, 2)}/${int(rng, 1, 16)}/${int(rng, 1, 16)}`;
  const approved = chance(rng, 0.05) ? [] : FIRMWARE[networkType].slice(1);
  const current = weighted<string>(rng, [
    [FIRMWARE[networkType][2], 60],
    [FIRMWARE[networkType][1], 20],
    [FIRMWARE[networkType][0], 20],
  ]);
  const adminStatus = weighted(rng, [
    [1, 95],
    [2, 4],
    [3, 1],
  ] as const);
  const operStatus =
    adminStatus !== 1
      ? 2
      : rx < (networkType === 'GPON' ? -27 : -26) && chance(rng, 0.5)
        ? 7
        : weighted(rng, [
            [1, 92],
            [2, 3],
            [4, 1],
            [5, 2],
            [6, 1],
            [7, 1],
          ] as const);
  const details: OnuDetails = {
    mac,
    serialNumber,
    model: pick(rng, MODELS[networkType]),
    vendor: networkType === 'GPON' ? 'Nokia' : 'ZTE',
    networkType,
    networkGroup: headEnd,
    hostIpMta,
    cpeMacs: [
      {
        mac: hex(rng, 6),
        ip: `100.${64 + int(rng, 0, 63)}.${int(rng, 0, 255)}.${int(rng, 1, 254)}`,
        type: 'router',
      },
      ...(voiceCount > 0
        ? [
            {
              mac: hex(rng, 6),
              ip: hostIpMta ?? `10.200.${int(rng, 0, 255)}.${int(rng, 1, 254)}`,
              type: 'mta',
            },
          ]
        : []),
    ],
    productSpeeds: { downloadMbps: internet.down, uploadMbps: internet.up, productName: internet.en },
  };
  const state: OnuState = {
    fsan: serialNumber,
    ip_address: details.cpeMacs[0]!.ip,
    olt,
    port,
    olt_id: `${city.code}-${int(rng, 100, 999)}`,
    us_if: `us-${port}`,
    ds_if: `ds-${port}`,
    rx_pwr: rx,
    tx_pwr: tx,
    cpe: details.cpeMacs.length,
    max_cpe: 4,
    speed_mode: internet.down >= 1000 ? (networkType === 'GPON' ? 'XGS-PON' : '10G-EPON') : networkType,
    upload_speed: internet.up,
    download_speed: internet.down,
    date_update: new Date(epoch - int(rng, 1, 120) * 60_000).toISOString(),
    adminStatus,
    operStatus,
    oltRxPower: round(rx - 1 - rng() * 2, 1),
    fiberTraffic: traffic(rng, epoch, internet.down),
    ethernetTraffic: traffic(rng, epoch, Math.min(internet.down, 1000)),
    powerHistory: Array.from({ length: 24 }, (_, hour) => ({
      ts: new Date(epoch - (23 - hour) * HOUR).toISOString(),
      rx_pwr: round(rx + (rng() - 0.5) * 1.2, 1),
      tx_pwr: round(tx + (rng() - 0.5) * 0.4, 1),
    })),
  };
  const firmware: OnuFirmware = {
    model: details.model,
    revision: `R${int(rng, 1, 4)}.${int(rng, 0, 9)}`,
    current,
    latest: FIRMWARE[networkType][2],
    approved,
    score: approved.length === 0 ? -1 : approved.includes(current) ? 0 : 1,
  };
  const registration: OnuRegistration = {
    registered: operStatus === 1,
    registeredAt: operStatus === 1 ? new Date(epoch - int(rng, 1, 400) * HOUR).toISOString() : null,
    olt,
    ponPort: port,
    onuId: int(rng, 1, 128),
    status: operStatus === 1 ? 'registered' : 'deregistered',
  };
  const provisioningStatus = operStatus === 1 ? 'provisioned' : chance(rng, 0.5) ? 'pending' : 'failed';
  const provisioning = {
    status: provisioningStatus,
    steps: (['profile', 'services', 'voice', 'wifi'] as const).map((name) => ({
      name,
      status:
        provisioningStatus === 'provisioned'
          ? 'pass'
          : name === 'voice' && voiceCount === 0
            ? 'n/a'
            : chance(rng, 0.5)
              ? 'pass'
              : 'fail',
    })) as ProvisioningStatus['steps'],
  } as const;
  return { details, state, firmware, registration, provisioning };
}
