/**
 * An ONU's link on its PON port: the optical levels from the documented budgets (docs/simulated-network.md,
 * "Measurements"), what is wrong with it (the port's fault, or the home's own), and whether it is online.
 */
import { round, weighted, type Rng } from '../random';
import { BRANCH_LEGS, type PonPort } from '../topology';

/** Why an ONU is offline, as the OLT records it. */
export type DownCause = 'dyingGasp' | 'los' | 'adminDown';

/** What happened to this ONU's link, for the catalogue's kinds. */
export type LinkCondition =
  | 'healthy'
  /** Its port's feeder or splitter: 8–14 dB more loss. */
  | 'feeder'
  /** Its splitter branch is dark. */
  | 'branch-dark'
  /** On a port with a dark branch, not on that branch. */
  | 'branch-lit'
  /** Its own drop cable is damaged (10–15 dB more loss), on a healthy port. */
  | 'bad-drop'
  /** Its OLT card is down. */
  | 'card-down'
  /** The home lost power: the ONU sent a dying gasp. */
  | 'dying-gasp'
  /** A dirty or damaged connector in the home: 3–7 dB more loss. */
  | 'dirty-connector'
  /** The drop is cut or unplugged: no light. */
  | 'drop-cut'
  /** The ONU is administratively down (suspended). */
  | 'admin-down';

export interface Link {
  olt: string;
  /** shelf/slot/port */
  port: string;
  onuId: number;
  condition: LinkCondition;
  online: boolean;
  downCause: DownCause | null;
  /** Received at the ONU and at the OLT, transmitted by the ONU (dBm); a dark ONU reads the -40 dBm floor. */
  rx: number;
  tx: number;
  oltRx: number;
}

/** The documented rates of what goes wrong in the home (docs/simulated-network.md, "Faults in the home"). */
export const HOME_FAULT_RATES = {
  'dying-gasp': 0.015,
  'dirty-connector': 0.03,
  'drop-cut': 0.004,
  'admin-down': 0.003,
} as const;

/** Below this, a receiver loses lock: the ONU drops off the port (loss of signal). */
const LOSS_OF_SIGNAL = { GPON: -30, EPON: -29 } as const;
/** The reading of an ONU the OLT cannot hear. */
export const NO_LIGHT_DBM = -40;

/** A value from a normal distribution (Box–Muller). */
export function normal(rng: Rng, mean: number, sd: number): number {
  const u = Math.max(rng(), 1e-9);
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}
const between = (rng: Rng, min: number, max: number) => min + rng() * (max - min);

function conditionOf(rng: Rng, port: PonPort | null, onuId: number): LinkCondition {
  const home = weighted<LinkCondition>(rng, [
    ['dying-gasp', HOME_FAULT_RATES['dying-gasp']],
    ['dirty-connector', HOME_FAULT_RATES['dirty-connector']],
    ['drop-cut', HOME_FAULT_RATES['drop-cut']],
    ['admin-down', HOME_FAULT_RATES['admin-down']],
    ['healthy', 1 - Object.values(HOME_FAULT_RATES).reduce((sum, rate) => sum + rate, 0)],
  ]);
  switch (port?.fault) {
    case 'card-down':
      return 'card-down';
    case 'feeder':
      return 'feeder';
    case 'branch':
      return onuId >= port.faultOnuId! && onuId < port.faultOnuId! + BRANCH_LEGS
        ? 'branch-dark'
        : 'branch-lit';
    case 'bad-drop':
      return onuId === port.faultOnuId ? 'bad-drop' : home;
    default:
      return home;
  }
}

/**
 * The ONU's link. Downstream: OLT launch power, less the 1:32 splitter, the fibre run and the connectors
 * and splices; upstream the same from the ONU's laser at 1310 nm. Then the fault's extra loss.
 */
export function drawLink(
  rng: Rng,
  technology: 'GPON' | 'EPON',
  place: { olt: string; port: string; onuId: number; ponPort: PonPort | null },
): Link {
  const condition = conditionOf(rng, place.ponPort, place.onuId);
  const launch = technology === 'GPON' ? between(rng, 2, 4) : between(rng, 3, 6);
  const splitter = normal(rng, 17.2, 0.4);
  const km = between(rng, 1, 18);
  const connectors = between(rng, 0.8, 2.5);
  const tx = technology === 'GPON' ? normal(rng, 2.5, 0.6) : normal(rng, 1.8, 0.6);
  const extra =
    condition === 'feeder'
      ? between(rng, 8, 14)
      : condition === 'bad-drop'
        ? between(rng, 10, 15)
        : condition === 'dirty-connector'
          ? between(rng, 3, 7)
          : 0;
  let rx = launch - splitter - km * 0.3 - connectors - extra;
  let oltRx = tx - splitter - km * 0.35 - connectors - extra;
  let downCause: DownCause | null =
    condition === 'dying-gasp'
      ? 'dyingGasp'
      : condition === 'admin-down'
        ? 'adminDown'
        : condition === 'branch-dark' || condition === 'card-down' || condition === 'drop-cut'
          ? 'los'
          : null;
  if (downCause === null && rx < LOSS_OF_SIGNAL[technology]) downCause = 'los';
  const online = downCause === null;
  if (!online) {
    rx = NO_LIGHT_DBM;
    oltRx = NO_LIGHT_DBM;
  }
  return {
    olt: place.olt,
    port: place.port,
    onuId: place.onuId,
    condition,
    online,
    downCause,
    rx: round(rx, 1),
    tx: round(online ? tx : 0, 1),
    oltRx: round(oltRx, 1),
  };
}
