/**
 * Builds one catalogue customer, with every upstream answer, from (seed, index) alone: the same seed
 * gives byte-identical data on every start. Times are offsets from the simulator's epoch. One generator
 * per upstream service (generators/); they draw from the customer's random streams in this order.
 */
import type { CatalogueCustomer } from './customer';
import { ACS_FAULTS, CUSTOMER_COUNT, labPortOf, type MacEntry } from './macs';
import { topologyFor } from './topology';
import { drawLink } from './generators/optics';
import { applyScenario, type ScenarioName } from './scenarios';
import { generateBilling } from './generators/billing';
import { generateBirthCertificates } from './generators/birth-certificates';
import { generateAccount } from './generators/customer-account';
import { drawPlan, startDraw } from './generators/draw';
import { generateLan } from './generators/lan';
import { generateLokiMacs } from './generators/loki';
import { generateProducts } from './generators/products';
import { generateTelephony } from './generators/telephony';
import { generateWan } from './generators/wan';

export type { CatalogueCustomer };

export function generateCustomer(seed: number, entry: MacEntry, epoch: number): CatalogueCustomer {
  if (entry.scenario) return scenarioCustomer(seed, entry, entry.scenario, epoch);
  if (entry.fault && ACS_FAULTS.includes(entry.fault)) return scenarioCustomer(seed, entry, 'healthy', epoch);
  return generatePlain(seed, entry, epoch);
}

/** A scenario device: the first base customer (same parity) that has a birth certificate, adjusted. */
function scenarioCustomer(seed: number, entry: MacEntry, scenario: ScenarioName, epoch: number) {
  let base = generatePlain(seed, { ...entry, scenario: null }, epoch);
  for (let k = 1; k <= 20 && base.birthCertificates.length === 0; k++)
    base = generatePlain(seed, { ...entry, scenario: null, index: entry.index + 40 * k }, epoch);
  return applyScenario(base, scenario, epoch);
}

/**
 * Where the device hangs: an ordinary customer on its port of the network (catalogue/topology.ts); a device
 * made for tests (fault, certificate age, diagnosis scenario) alone on a port of the lab OLT, in the city of
 * the customer whose data it borrows.
 */
function placeOf(seed: number, entry: MacEntry) {
  const topology = topologyFor(seed, CUSTOMER_COUNT);
  const base = topology.placeOf(entry.index % CUSTOMER_COUNT)!;
  const lab = labPortOf(entry.mac);
  return lab
    ? { home: base.port, olt: lab.olt, port: lab.port, onuId: 1, ponPort: null }
    : { home: base.port, olt: base.port.olt, port: base.port.port, onuId: base.onuId, ponPort: base.port };
}

function generatePlain(seed: number, entry: MacEntry, epoch: number): CatalogueCustomer {
  const place = placeOf(seed, entry);
  const draw = startDraw(seed, entry, place.home);
  const account = generateAccount(draw);
  const billingAccounts = generateBilling(draw, account);
  const plan = drawPlan(draw);
  const products = generateProducts(draw, plan, billingAccounts);
  const link = drawLink(draw.rng, draw.networkType, place);
  const wan = generateWan(draw, plan, epoch, link);
  const lan = generateLan(draw, plan, wan);
  const telephony = generateTelephony(draw, plan, wan);
  const birthCertificates = generateBirthCertificates(draw, entry, epoch, plan, account, wan, lan);
  const lokiMacs = generateLokiMacs(draw, wan, lan);
  // The answers' keys in the order the simulator has always written them.
  return {
    index: draw.index,
    mac: draw.mac,
    province: draw.province,
    networkType: draw.networkType,
    serialNumber: draw.serialNumber,
    hostIpMta: draw.hostIpMta,
    account,
    billingAccounts,
    products,
    lokiMacs,
    details: wan.details,
    state: wan.state,
    firmware: wan.firmware,
    registration: wan.registration,
    provisioning: wan.provisioning,
    link: wan.link,
    lan,
    telephony,
    birthCertificates,
  };
}
