import { afterPendingIo } from '../../lib/after-pending-io';
import type { NeighbourhoodSection } from '@insight/common/customer360';
import { type DeviceContext, type ThresholdSet, gradeValue } from '@insight/common/threshold-grading';
import { OLT_NAME, PON_PORT, type PonPortListing } from '@insight/common/upstream/wan';
import { AppError } from '../../lib/app-error';
import type { ThresholdSource } from '../grading/threshold-source';
import { stamp, type UpstreamCalls } from '../upstream-calls';

const PORT_PATH = '/api/fe/wan/v1/pon/olt/{olt}/port/{shelf}/{slot}/{port}/onus';

/**
 * A PON port's listing (cached per port for every viewer), or a section error when the OLT or port is not
 * one the WAN service writes (never an upstream URL built from it) or the service does not know the port.
 */
export async function portListing(calls: UpstreamCalls, olt: string, port: string) {
  const unknown = () =>
    new AppError('not_found', `The WAN service lists no PON port ${olt} ${port}`, { path: PORT_PATH });
  if (!OLT_NAME.test(olt) || !PON_PORT.test(port)) throw unknown();
  const found = await calls.portListing(olt, port);
  if (!found.value) throw unknown();
  return { ...found, value: found.value };
}

/** The listing with each ONU's receive power graded by the device rules, and the counts the diagnosis reads. */
export function gradedPort(
  listing: PonPortListing,
  rules: ThresholdSet,
  device: DeviceContext,
  self: string | null,
): NeighbourhoodSection {
  const onus = listing.onus.map((onu) => ({
    mac: onu.mac,
    onuId: onu.onuId,
    status: onu.status,
    lastDownCause: onu.lastDownCause,
    rxPower: gradeValue(rules, 'rxPower', onu.rxPower, device),
    self: onu.mac === self,
  }));
  const others = onus.filter((onu) => !onu.self);
  const offline = others.filter((onu) => onu.status === 'offline');
  return {
    olt: listing.olt,
    port: listing.port,
    technology: listing.technology,
    split: listing.split,
    status: listing.status,
    onus,
    counts: {
      neighbours: others.length,
      down: offline.filter((onu) => onu.lastDownCause === 'los').length,
      dyingGasp: offline.filter((onu) => onu.lastDownCause === 'dyingGasp').length,
      lowLight: others.filter(
        (onu) => onu.status === 'online' && (onu.rxPower.grade === 'warn' || onu.rxPower.grade === 'fail'),
      ).length,
    },
  };
}

/**
 * The neighbourhood section: the device's PON port (from the ONU's state, shared with the WAN section) and
 * the ONUs on it, each graded by the same receive-power rules as the device. The OLT and port come from an
 * upstream answer: they are checked before they go into the listing's URL.
 */
export async function getNeighbourhood(
  calls: UpstreamCalls,
  thresholds: ThresholdSource,
  mac: string,
  fresh: boolean,
): Promise<{ data: NeighbourhoodSection; fetchedAt: string; cached: boolean }> {
  const [state, details, rules] = await Promise.all([
    calls.state(mac, fresh),
    calls.details(mac, fresh),
    thresholds.current(),
  ]);
  const listing = await portListing(calls, state.value.olt, state.value.port);
  await afterPendingIo();
  const device = { technology: details.value.networkType, model: details.value.model };
  return { data: gradedPort(listing.value, rules, device, mac), ...stamp([state, listing]) };
}

/** The port page's answer: every ONU of the port, graded by the technology's rules. */
export async function getPort(calls: UpstreamCalls, thresholds: ThresholdSource, olt: string, port: string) {
  const [listing, rules] = await Promise.all([portListing(calls, olt, port), thresholds.current()]);
  const device = { technology: listing.value.technology, model: null };
  return { data: gradedPort(listing.value, rules, device, null), ...stamp([listing]) };
}
