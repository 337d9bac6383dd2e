import type {
  OnuDetails,
  OnuFirmware,
  OnuRegistration,
  OnuState,
  ProvisioningStatus,
} from '@insight/common/upstream/wan';
import { chance, int, pick, round, weighted, type Rng } from '../random';
import { FIRMWARE, HOUR, hex, MODELS, type Draw, type Plan } from './draw';
import type { Link } from './optics';

export interface CatalogueWan {
  details: OnuDetails;
  state: OnuState;
  firmware: OnuFirmware;
  registration: OnuRegistration;
  provisioning: { status: ProvisioningStatus['status']; steps: ProvisioningStatus['steps'] };
  /** The ONU's place on its PON port and what is wrong with its link (the port listing reads it). */
  link: Link;
}

function traffic(rng: Rng, epoch: number, peak: number) {
  return Array.from({ length: 24 }, (_, hour) => ({
    ts: new Date(epoch - (23 - hour) * HOUR).toISOString(),
    rxMbps: round(peak * (0.05 + 0.6 * rng() * (hour > 17 ? 1.4 : 0.7)), 1),
    txMbps: round(peak * (0.02 + 0.2 * rng()), 1),
  }));
}

/** The WAN PON ONU service's answers: details, state (signal, traffic), firmware, registration, provisioning. */
export function generateWan(draw: Draw, plan: Plan, epoch: number, link: Link): CatalogueWan {
  const { rng, mac, networkType, headEnd, serialNumber, hostIpMta } = draw;
  const { internet, voiceCount } = plan;
  const { rx, tx, olt, port } = link;
  // Firmware: the automatic upgrade reaches most ONUs; a few run the previous approved version, a few an
  // older one, and a model now and then has no approved list at all.
  const approved = chance(rng, 0.01) ? [] : FIRMWARE[networkType].slice(1);
  const current = weighted<string>(rng, [
    [FIRMWARE[networkType][2], 90],
    [FIRMWARE[networkType][1], 7],
    [FIRMWARE[networkType][0], 3],
  ]);
  const adminStatus = link.downCause === 'adminDown' ? 2 : 1;
  const operStatus = !link.online
    ? link.downCause === 'los'
      ? 7
      : 2
    : weighted(rng, [
        [1, 997],
        [3, 1],
        [5, 2],
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
    olt_id: `${olt.slice(4, 7)}-${int(rng, 100, 999)}`,
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
    oltRxPower: link.oltRx,
    fiberTraffic: traffic(rng, epoch, internet.down),
    ethernetTraffic: traffic(rng, epoch, Math.min(internet.down, 1000)),
    powerHistory: Array.from({ length: 24 }, (_, hour) => ({
      ts: new Date(epoch - (23 - hour) * HOUR).toISOString(),
      // A link that went dark did so in the last two hours; before, it read as its neighbours did.
      rx_pwr: round((link.online || hour < 22 ? preFault(link) : rx) + (rng() - 0.5) * 0.6, 1),
      tx_pwr: round((link.online ? tx : hour < 22 ? 2 : tx) + (rng() - 0.5) * 0.4, 1),
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
    // Since the ONU last ranged: its last power cut, reboot or upgrade (hours to two months).
    registeredAt: operStatus === 1 ? new Date(epoch - int(rng, 2, 1500) * HOUR).toISOString() : null,
    olt,
    ponPort: port,
    onuId: link.onuId,
    status: operStatus === 1 ? 'registered' : 'deregistered',
  };
  // A configuration state: an ONU that lost power or light keeps what it was provisioned with.
  const provisioningStatus = weighted(rng, [
    ['provisioned', 985],
    ['pending', 10],
    ['failed', 5],
  ] as const);
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
  return { details, state, firmware, registration, provisioning, link };
}

/** What a dark ONU read before its link failed: the budget's middle (docs/simulated-network.md). */
function preFault(link: Link): number {
  return link.online ? link.rx : -19;
}
