import type { TelephonySubscriber, VoicePort } from '@insight/common/upstream/telephony';
import { chance, type Rng } from '../random';
import { phone, type Draw, type Plan } from './draw';
import type { CatalogueWan } from './wan';

function makeVoicePorts(rng: Rng, count: number, language: 'en' | 'fr', ataOnline: boolean): VoicePort[] {
  const ports = Array.from({ length: count }, (_, i) => {
    const forward = chance(rng, 0.2);
    // A line loses its registration now and then; every line of an adapter that is offline is down.
    const active = ataOnline && chance(rng, 0.985);
    return {
      port: i + 1,
      phoneNumber: phone(rng, 'ten')!,
      lineStatus: {
        active,
        hook: chance(rng, 0.1) ? ('off' as const) : ('on' as const),
        inUse: active && chance(rng, 0.1),
      },
      features: {
        callBlock: chance(rng, 0.3),
        callForward: { enabled: forward, number: forward ? phone(rng, 'ten') : null },
        callerId: chance(rng, 0.9),
        callWaiting: chance(rng, 0.7),
        voicemail: { enabled: chance(rng, 0.8), language, messageWaiting: chance(rng, 0.3) },
      },
    };
  });
  // The upstream does not sort its ports; the API must.
  return ports.reverse();
}

/** The telephony service's subscriber: the ATA and its ports; null without voice service. */
export function generateTelephony(draw: Draw, plan: Plan, wan: CatalogueWan): TelephonySubscriber | null {
  const { rng, networkType, serialNumber, language } = draw;
  if (plan.voiceCount === 0) return null;
  // The adapter is built into the ONU: offline with it, and on its own now and then.
  const online = wan.link.online && chance(rng, 0.99);
  return {
    serialNumber,
    ata: {
      model: networkType === 'GPON' ? 'Integrated ATA (G-010G)' : 'Integrated ATA (F8648P)',
      firmware: wan.firmware.current,
      mac: wan.details.cpeMacs[1]!.mac,
      status: online ? 'online' : 'offline',
    },
    ports: makeVoicePorts(rng, plan.voiceCount, language, online),
  };
}
