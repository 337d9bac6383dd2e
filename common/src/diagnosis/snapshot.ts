/**
 * The compact snapshot of the graded measurements kept per look, and what changed between two looks
 * (docs/diagnosis.md).
 */
import { OPER_STATUS } from '../grading';
import type { NetworkPlace } from '../outages';
import type { Grade, Grading } from '../threshold-grading';
import { diagnose } from './diagnose';
import { notPass } from './rules/finding';
import { clientGrade } from './rules/lan';
import type { DiagnosisInput, Severity } from './types';

/** The measurements a look keeps (values and grades only: nothing about the customer). */
export const SNAPSHOT_MEASURES = [
  'rxPower',
  'txPower',
  'oltRxPower',
  'firmware',
  'plumeHealth',
  'weakClients',
  'onuState',
] as const;
export type SnapshotMeasure = (typeof SNAPSHOT_MEASURES)[number];

export interface MeasureValue {
  value: number | string | null;
  grade: Grade;
  unit: string;
}

/** A look at a device, as stored under device_snapshots/{mac}/looks/{minute}. */
export interface LookSnapshot {
  mac: string;
  /** When (ISO). */
  at: string;
  /** Who looked: the user's name as the portal shows it (the e-mail's local part). */
  by: string;
  /**
   * The customer's name at the look (the primary contact), null when the customer section did not answer;
   * absent from looks stored before it was kept. Personal data: kept with the look, as long (90 days).
   */
  customer?: string | null;
  /**
   * Where the device hung in the network at the look: its PON port and its head end, null where neither
   * section answered (Home marks the recent lookups that a known outage covers); absent from looks stored
   * before it was kept.
   */
  place?: NetworkPlace | null;
  score: number | null;
  measures: Partial<Record<SnapshotMeasure, MeasureValue>>;
  /** The findings' ids and severities, ranked. */
  findings: Array<{ id: string; key: string; severity: Severity }>;
}

const measure = (grading: Grading | undefined): MeasureValue | undefined =>
  grading ? { value: grading.value, grade: grading.grade, unit: grading.unit } : undefined;

/** The graded measurements of the sections answered (absent: not answered). */
export function measuresOf(input: DiagnosisInput): Partial<Record<SnapshotMeasure, MeasureValue>> {
  const measures: Partial<Record<SnapshotMeasure, MeasureValue>> = {};
  const set = (name: SnapshotMeasure, value: MeasureValue | undefined) => {
    if (value) measures[name] = value;
  };
  if (input.wan.status === 'ok') {
    const wan = input.wan.data;
    set('rxPower', measure(wan.grades?.rxPower));
    set('txPower', measure(wan.grades?.txPower));
    set('oltRxPower', measure(wan.grades?.oltRxPower));
    set(
      'firmware',
      wan.grades?.firmware ? { ...measure(wan.grades.firmware)!, value: wan.firmware.current } : undefined,
    );
    const oper = OPER_STATUS[wan.state.operStatus] ?? 'unknown';
    set('onuState', { value: oper, grade: oper === 'up' ? 'pass' : 'fail', unit: '' });
  }
  if (input.lan.status === 'ok') {
    const lan = input.lan.data;
    set('plumeHealth', measure(lan.grades?.plumeHealth));
    const connected = lan.clients.filter((client) => client.connectionState === 'connected');
    const weak = connected.filter((client) => notPass(clientGrade(lan, client.mac) ?? undefined)).length;
    set('weakClients', {
      value: weak,
      grade: connected.length > 0 && weak === connected.length ? 'fail' : weak > 0 ? 'warn' : 'pass',
      unit: '',
    });
  }
  return measures;
}

/** Where a view's sections put the device: its PON port and its head end (null when neither answered). */
export function placeOf(input: DiagnosisInput): NetworkPlace | null {
  const port = input.port.status === 'ok' ? input.port.data : null;
  const headEnd = input.wan.status === 'ok' ? input.wan.data.details.networkGroup : null;
  if (!port && !headEnd) return null;
  return { olt: port?.olt ?? null, port: port?.port ?? null, headEnd };
}

/** The snapshot of a complete view (the API stores it after answering). */
export function snapshotOf(mac: string, at: Date, by: string, input: DiagnosisInput): LookSnapshot {
  const { findings, score } = diagnose(input);
  return {
    mac,
    at: at.toISOString(),
    by,
    customer: input.customer.status === 'ok' ? input.customer.data.name.line1 : null,
    place: placeOf(input),
    score,
    measures: measuresOf(input),
    findings: findings.map(({ id, key, severity }) => ({ id, key, severity })),
  };
}

/** A numeric change smaller than this (in the measure's unit) is noise, unless the grade changed. */
export const CHANGE_MIN_DELTA: Readonly<Partial<Record<SnapshotMeasure, number>>> = {
  rxPower: 1,
  txPower: 0.5,
  oltRxPower: 1,
  plumeHealth: 5,
  weakClients: 1,
};

export interface MeasureChange {
  measure: SnapshotMeasure;
  from: MeasureValue;
  to: MeasureValue;
  /** The grade got worse (true), better (false), or stayed (null). */
  worse: boolean | null;
}

const GRADE_RANK: Record<Grade, number> = { 'n/a': 0, pass: 1, warn: 2, fail: 3 };

/** What changed between the previous look and now: each measure whose grade or value moved. */
export function changesSince(
  previous: Partial<Record<SnapshotMeasure, MeasureValue>>,
  current: Partial<Record<SnapshotMeasure, MeasureValue>>,
): MeasureChange[] {
  const changes: MeasureChange[] = [];
  for (const name of SNAPSHOT_MEASURES) {
    const from = previous[name];
    const to = current[name];
    if (!from || !to) continue;
    const gradeMoved = from.grade !== to.grade;
    const minDelta = CHANGE_MIN_DELTA[name];
    const valueMoved =
      typeof from.value === 'number' && typeof to.value === 'number'
        ? Math.abs(to.value - from.value) >= (minDelta ?? 0.0001)
        : from.value !== to.value;
    if (!gradeMoved && !valueMoved) continue;
    const worse = gradeMoved ? GRADE_RANK[to.grade] > GRADE_RANK[from.grade] : null;
    changes.push({ measure: name, from, to, worse });
  }
  // Worse first, then better, then moved within the same grade.
  const order = (change: MeasureChange) => (change.worse === true ? 0 : change.worse === false ? 1 : 2);
  return changes.sort((a, b) => order(a) - order(b));
}
