/**
 * The device's state at a glance: each section's worst grade and the reason for it, from the grades the
 * API gave (the threshold manager's rules) and the section's own statuses.
 */
import type {
  BirthCertificatesSection,
  LanSection,
  VoiceSection,
  WanSection,
} from '@insight/common/customer360';
import { OPER_STATUS } from '@insight/common/grading';
import type { Grade, Grading } from '@insight/common/threshold-grading';

/** Why: a graded measurement (its label key and grading), or a text key with its values. */
export type Reason =
  | { kind: 'grading'; label: string; grading: Grading }
  | { kind: 'text'; key: string; params?: Record<string, string | number> };
export interface SectionSummary {
  grade: Grade;
  reason: Reason;
}

const RANK: Record<Grade, number> = { 'n/a': 0, pass: 1, warn: 2, fail: 3 };

/** The worst of the candidates (the first among equals), or n/a with `none` when there is nothing. */
function worst(candidates: SectionSummary[], none: Reason): SectionSummary {
  return candidates.reduce<SectionSummary>(
    (chosen, candidate) => (RANK[candidate.grade] > RANK[chosen.grade] ? candidate : chosen),
    { grade: 'n/a', reason: none },
  );
}
const graded = (label: string, grading: Grading): SectionSummary => ({
  grade: grading.grade,
  reason: { kind: 'grading', label, grading },
});

export function wanSummary(wan: WanSection): SectionSummary {
  const oper = OPER_STATUS[wan.state.operStatus] ?? 'unknown';
  const candidates: SectionSummary[] = [
    {
      grade: oper === 'up' ? 'pass' : oper === 'testing' || oper === 'dormant' ? 'warn' : 'fail',
      reason: { kind: 'text', key: 'summary.operStatus', params: { status: oper } },
    },
  ];
  if (wan.grades)
    candidates.push(
      graded('wan.rxPower', wan.grades.rxPower),
      graded('wan.txPower', wan.grades.txPower),
      graded('wan.oltRxPower', wan.grades.oltRxPower),
    );
  return worst(candidates, { kind: 'text', key: 'summary.nothing' });
}

export function lanSummary(lan: LanSection): SectionSummary {
  const clients = lan.clients.filter((client) => client.connectionState === 'connected');
  const candidates: SectionSummary[] = [];
  if (lan.grades?.plumeHealth) candidates.push(graded('summary.plumeHealth', lan.grades.plumeHealth));
  for (const client of clients) {
    const grading = lan.grades?.clients[client.mac];
    if (grading) candidates.push(graded(client.hostname || client.mac, grading));
  }
  const result = worst(candidates, { kind: 'text', key: 'summary.nothing' });
  return result;
}

export function voiceSummary(voice: VoiceSection): SectionSummary {
  const subscriber = voice.subscriber;
  if (!subscriber) return { grade: 'n/a', reason: { kind: 'text', key: 'summary.noVoice' } };
  if (subscriber.ata.status === 'offline')
    return {
      grade: 'fail',
      reason: { kind: 'text', key: 'summary.ataOffline', params: { model: subscriber.ata.model } },
    };
  const inactive = subscriber.ports.filter((port) => !port.lineStatus.active).map((port) => port.port);
  if (inactive.length > 0)
    return {
      grade: 'warn',
      reason: { kind: 'text', key: 'summary.linesInactive', params: { ports: inactive.join(', ') } },
    };
  return {
    grade: 'pass',
    reason: { kind: 'text', key: 'summary.linesActive', params: { count: subscriber.ports.length } },
  };
}

export function certificateSummary(section: BirthCertificatesSection): SectionSummary {
  const newest = section.certificates[0];
  if (!newest) return { grade: 'n/a', reason: { kind: 'text', key: 'summary.noBc' } };
  const candidates: SectionSummary[] = [
    {
      grade: newest.results.overall,
      reason: { kind: 'text', key: 'summary.bcOverall', params: { grade: newest.results.overall } },
    },
  ];
  const grades = section.grades?.[newest.id];
  if (grades)
    candidates.push(
      graded('bc.fields.powerTx', grades.txPower),
      graded('bc.fields.powerRx', grades.rxPower),
      graded('bc.fields.oltReceivePower', grades.oltRxPower),
    );
  return worst(candidates, { kind: 'text', key: 'summary.nothing' });
}
