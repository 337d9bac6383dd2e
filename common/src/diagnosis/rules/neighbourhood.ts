/**
 * What the neighbours on the device's PON port say about its own link fault (docs/diagnosis.md,
 * "Neighbourhood"): the device went down with a dying gasp (power at the home); the OLT holds it down
 * (suspended); most of the port shares the fault (the feeder, the splitter or the OLT: an outage); several
 * do (a splitter branch); or the neighbours are fine, and then the device's own drop is dark (its ONU lost
 * the light) or the fault is on the drop or in the home (low light). Nothing while the device's link is
 * fine, nor on a port of one. Neighbours that went down with a dying gasp, or are suspended, do not count
 * as sharing a fibre fault. A port's fault that an open outage covers is a known outage (docs/diagnosis.md,
 * "Known outages"): its since, ticket and time back join the values ('' where the note has none).
 */
import type { DiagnosisInput, Finding, KnownOutage } from '../types';
import { finding, sectionFailure } from './finding';

/** Most of the neighbours share the fault at this share or above: the port, not the home. */
export const OUTAGE_SHARE = 0.5;
/** This many neighbours sharing the fault (below the outage share) make a partial port fault. */
export const PARTIAL_MIN = 2;

export function neighbourhoodFindings(
  state: DiagnosisInput['port'],
  link: Finding | null,
  outage: KnownOutage | null = null,
): Finding[] {
  if (!link) return [];
  if (state.status === 'error') return [sectionFailure('port', state.code)];
  if (state.status !== 'ok') return [];
  const port = state.data;
  const values = { olt: port.olt, port: port.port };
  const self = port.onus.find((onu) => onu.self);
  if (self?.status === 'offline' && self.lastDownCause === 'dyingGasp')
    return [finding('port', 'powerAtHome', link.severity, 'port', values)];
  // Held down at the OLT (suspended): not a fibre fault, whatever the neighbours say.
  if (self?.status === 'offline' && self.lastDownCause === 'adminDown')
    return [finding('port', 'onuAdminDown', link.severity, 'port', { ...values, onuId: self.onuId })];
  const { neighbours, down, lowLight } = port.counts;
  if (neighbours === 0) return [];
  const affected = down + lowLight;
  const counted = { ...values, affected, total: neighbours };
  const outageOfPort = port.status === 'down' || affected >= OUTAGE_SHARE * neighbours;
  if (outage && (outageOfPort || affected >= PARTIAL_MIN))
    return [
      finding('port', 'knownOutage', link.severity, 'port', {
        ...counted,
        since: outage.startsAt,
        ticket: outage.note.ticket ?? '',
        backAbout: outage.note.backAbout ?? '',
      }),
    ];
  if (outageOfPort) return [finding('port', 'portOutage', link.severity, 'port', counted)];
  if (affected >= PARTIAL_MIN) return [finding('port', 'portPartial', link.severity, 'port', counted)];
  // The neighbours are fine: an ONU that lost the light has a dark drop; one with low light, a bad drop.
  if (link.key === 'onuNotRanged') return [finding('port', 'dropCut', link.severity, 'port', counted)];
  return [finding('port', 'dropOrHome', link.severity, 'port', counted)];
}
