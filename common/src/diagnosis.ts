/**
 * Diagnosis of a 360 view: the findings (what is wrong, how bad, the value and the rule that decided,
 * the playbook's cause and next step), one experience score 1–5, and the compact snapshot of the graded
 * measurements kept per look (README, "Diagnosis"). Pure: the API runs it on a complete view (the score
 * it stores and serves) and the web app runs the same function on the sections it has, so the list fills
 * in as sections arrive and never waits for the slowest one.
 */
import type {
  BirthCertificatesSection,
  Customer,
  LanSection,
  Section,
  VoiceSection,
  WanSection,
} from './customer360';
import { OPER_STATUS } from './grading';
import type { Grade, Grading } from './threshold';
import type { PlaybookAction, PlaybookKey, PlaybookTab } from './diagnosis-playbook';

/** A section as the diagnosis sees it: still loading, answered, or failed upstream (its error code). */
export type SectionState<T> =
  { status: 'pending' } | { status: 'ok'; data: T } | { status: 'error'; code: string; path?: string };

export interface DiagnosisInput {
  customer: SectionState<Customer>;
  wan: SectionState<WanSection>;
  lan: SectionState<LanSection>;
  voice: SectionState<VoiceSection>;
  bc: SectionState<BirthCertificatesSection>;
}
export type InputKey = keyof DiagnosisInput;
export const INPUT_SECTIONS: Readonly<Record<InputKey, Section>> = {
  customer: 'customer',
  wan: 'wan',
  lan: 'lan',
  voice: 'voice',
  bc: 'birth-certificates',
};

export type Severity = 'fail' | 'warn' | 'unknown';

export interface Finding {
  /** Stable within a device (one finding per id): the React key, the snapshot's finding list. */
  id: string;
  /** The playbook entry with its title, cause and next step. */
  key: PlaybookKey;
  severity: Severity;
  /** The section the finding comes from. */
  section: InputKey;
  /** The graded value and the rule that decided, when a measurement made the finding. */
  grading: Grading | null;
  /** What the playbook's texts may name ({count}, {ports}…). */
  values: Record<string, string | number>;
  /** Points the finding takes off the score. */
  penalty: number;
}

export interface Diagnosis {
  findings: Finding[];
  /** 1–5, or null while no device section has answered (or the MAC is unknown). */
  score: number | null;
  /** The sections still loading. */
  pending: InputKey[];
}

/** Points off the score of 5, by severity (README, "Diagnosis"). */
export const SCORE_PENALTY: Readonly<Record<Severity, number>> = { fail: 2, warn: 1, unknown: 1 };
/** Unknowns (sections that failed upstream) take at most this many points together. */
export const UNKNOWN_PENALTY_CAP = 2;

/**
 * How findings rank: what the agent must know to read the rest first (an unknown MAC, sections that
 * could not be read), then fails, then warns; within a severity, the likelier root cause first (no light
 * on the fibre explains an ONU that is not ranged, which explains a line down).
 */
const SEVERITY_RANK: Record<Severity, number> = { unknown: 0, fail: 1, warn: 2 };
const PRIORITY: readonly PlaybookKey[] = [
  'macNotFound',
  'sectionTimeout',
  'sectionFailed.wan',
  'sectionFailed.customer',
  'sectionFailed.lan',
  'sectionFailed.voice',
  'sectionFailed.birth-certificates',
  'rxPower.fail',
  'oltRxPower.fail',
  'onuNotRanged',
  'txPower.fail',
  'provisioningFailed',
  'firmware.fail',
  'voiceAtaOffline',
  'voiceLineDown',
  'wifiPlacement',
  'wifiHealth.fail',
  'rxPower.warn',
  'oltRxPower.warn',
  'onuDegraded',
  'txPower.warn',
  'provisioningPending',
  'firmware.warn',
  'wifiHealth.warn',
  'wifiClients',
  'bcMissing',
  'bcStale',
];
const priority = (key: PlaybookKey) => {
  const at = PRIORITY.indexOf(key);
  return at === -1 ? PRIORITY.length : at;
};

const finding = (
  id: string,
  key: PlaybookKey,
  severity: Severity,
  section: InputKey,
  values: Record<string, string | number> = {},
  grading: Grading | null = null,
): Finding => ({ id, key, severity, section, grading, values, penalty: SCORE_PENALTY[severity] });

const notPass = (grading: Grading | undefined): grading is Grading & { grade: 'warn' | 'fail' } =>
  grading?.grade === 'warn' || grading?.grade === 'fail';

const formatValue = (grading: Grading) =>
  typeof grading.value === 'number'
    ? `${grading.value}${grading.unit ? ` ${grading.unit}` : ''}`
    : String(grading.value);

/** The WAN's findings; `fibreFine` says whether the link itself is healthy (for the Wi-Fi combination). */
function wanFindings(wan: WanSection): { findings: Finding[]; fibreFine: boolean } {
  const findings: Finding[] = [];
  const oper = OPER_STATUS[wan.state.operStatus] ?? 'unknown';
  const registration = wan.registration && !('error' in wan.registration) ? wan.registration : null;
  if (oper === 'testing' || oper === 'dormant')
    findings.push(finding('onu-state', 'onuDegraded', 'warn', 'wan', { status: oper }));
  else if (oper !== 'up' || (registration && !registration.registered))
    findings.push(finding('onu-state', 'onuNotRanged', 'fail', 'wan', { status: oper }));
  const provisioning = wan.provisioning && !('error' in wan.provisioning) ? wan.provisioning : null;
  if (provisioning && provisioning.status !== 'provisioned') {
    const steps = provisioning.steps
      .filter((step) => step.status === 'fail' || step.status === 'warn')
      .map((step) => step.name)
      .join(', ');
    findings.push(
      provisioning.status === 'failed'
        ? finding('provisioning', 'provisioningFailed', 'fail', 'wan', { steps: steps || '-' })
        : finding('provisioning', 'provisioningPending', 'warn', 'wan', { steps: steps || '-' }),
    );
  }
  const grades = wan.grades;
  for (const parameter of ['rxPower', 'txPower', 'oltRxPower'] as const) {
    const grading = grades?.[parameter];
    if (notPass(grading))
      findings.push(
        finding(
          parameter,
          `${parameter}.${grading.grade}`,
          grading.grade,
          'wan',
          { value: formatValue(grading) },
          grading,
        ),
      );
  }
  if (notPass(grades?.firmware))
    findings.push(
      finding(
        'firmware',
        `firmware.${grades.firmware.grade}`,
        grades.firmware.grade,
        'wan',
        { current: wan.firmware.current, latest: wan.firmware.latest, value: wan.firmware.current },
        grades.firmware,
      ),
    );
  const fibreFine =
    oper === 'up' && !findings.some((item) => item.severity === 'fail' || item.id === 'rxPower');
  return { findings, fibreFine };
}

/** The client's worse grade of its RSSI and its health word. */
function clientGrade(lan: LanSection, mac: string): Grading | null {
  const rssi = lan.grades?.clients[mac];
  const health = lan.grades?.health[mac];
  const rank = (grading: Grading | undefined) =>
    grading?.grade === 'fail' ? 2 : grading?.grade === 'warn' ? 1 : 0;
  if (!rssi && !health) return null;
  return rank(health) > rank(rssi) ? health! : rssi!;
}

/** At least this many connected clients, all poor, make a placement finding rather than several. */
export const PLACEMENT_MIN_CLIENTS = 3;

function lanFindings(lan: LanSection, fibreFine: boolean | null): Finding[] {
  const findings: Finding[] = [];
  const connected = lan.clients.filter((client) => client.connectionState === 'connected');
  const graded = connected
    .map((client) => ({ client, grading: clientGrade(lan, client.mac) }))
    .filter(
      (item): item is { client: (typeof connected)[number]; grading: Grading } => item.grading !== null,
    );
  const weak = graded.filter((item) => notPass(item.grading));
  const poor = weak.filter((item) => item.grading.grade === 'fail');
  // The client with the lowest RSSI stands for the group (its value and the rule that graded it).
  const worst = weak
    .map((item) => ({ ...item, rssi: lan.grades?.clients[item.client.mac] }))
    .sort((a, b) => (Number(a.client.rssi) || 0) - (Number(b.client.rssi) || 0))[0];
  const placement =
    fibreFine === true &&
    graded.length >= PLACEMENT_MIN_CLIENTS &&
    weak.length === graded.length &&
    poor.length * 2 >= graded.length;
  if (placement) {
    findings.push(
      finding(
        'wifi-placement',
        'wifiPlacement',
        'fail',
        'lan',
        { count: graded.length },
        worst?.rssi ?? null,
      ),
    );
    return findings;
  }
  if (poor.length > 0)
    findings.push(
      finding(
        'wifi-clients',
        'wifiClients',
        'warn',
        'lan',
        {
          count: poor.length,
          total: graded.length,
          devices: poor.map((item) => item.client.hostname || item.client.mac).join(', '),
        },
        worst?.rssi ?? null,
      ),
    );
  const plume = lan.grades?.plumeHealth;
  if (notPass(plume))
    findings.push(
      finding(
        'plume-health',
        `wifiHealth.${plume.grade}`,
        plume.grade,
        'lan',
        { value: String(plume.value) },
        plume,
      ),
    );
  return findings;
}

function voiceFindings(voice: VoiceSection): Finding[] {
  const subscriber = voice.subscriber;
  if (!subscriber) return [];
  if (subscriber.ata.status === 'offline')
    return [finding('voice-ata', 'voiceAtaOffline', 'fail', 'voice', { model: subscriber.ata.model })];
  const down = subscriber.ports.filter((port) => !port.lineStatus.active).map((port) => port.port);
  return down.length > 0
    ? [finding('voice-lines', 'voiceLineDown', 'fail', 'voice', { ports: down.join(', ') })]
    : [];
}

function certificateFindings(section: BirthCertificatesSection, wan: WanSection | null): Finding[] {
  const newest = section.certificates[0];
  if (!newest) return [finding('bc', 'bcMissing', 'warn', 'bc')];
  const registration = wan?.registration && !('error' in wan.registration) ? wan.registration : null;
  const registeredAt = registration?.registeredAt ? Date.parse(registration.registeredAt) : NaN;
  const issuedAt = Date.parse(newest.ts);
  if (Number.isFinite(registeredAt) && Number.isFinite(issuedAt) && registeredAt > issuedAt)
    return [
      finding('bc', 'bcStale', 'warn', 'bc', {
        hours: Math.round((registeredAt - issuedAt) / 3_600_000),
        certificateId: newest.id,
      }),
    ];
  return [];
}

function sectionFailure(key: InputKey, code: string): Finding {
  if (key === 'customer' && code === 'mac_not_found')
    return finding('section-customer', 'macNotFound', 'unknown', 'customer', { code });
  if (code === 'upstream_timeout')
    return finding(`section-${key}`, 'sectionTimeout', 'unknown', key, { code, section: key });
  return finding(`section-${key}`, `sectionFailed.${INPUT_SECTIONS[key]}` as PlaybookKey, 'unknown', key, {
    code,
  });
}

/** Ranks findings: unknown (what could not be read), fail, warn; within a severity, by PRIORITY, then id. */
export function rankFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      (a.key === 'macNotFound' ? -1 : 0) - (b.key === 'macNotFound' ? -1 : 0) ||
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      priority(a.key) - priority(b.key) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * The score, 1–5: 5 less 2 per fail and 1 per warn, and 1 per section that could not be read (at most
 * 2 for those together), never below 1. Null when the MAC is unknown or no device section answered.
 */
export function experienceScore(findings: readonly Finding[], answered: number): number | null {
  if (findings.some((item) => item.key === 'macNotFound') || answered === 0) return null;
  const known = findings
    .filter((item) => item.severity !== 'unknown')
    .reduce((sum, item) => sum + item.penalty, 0);
  const unknown = Math.min(
    UNKNOWN_PENALTY_CAP,
    findings.filter((item) => item.severity === 'unknown').reduce((sum, item) => sum + item.penalty, 0),
  );
  return Math.max(1, 5 - known - unknown);
}

/** Every finding of the sections answered so far, ranked, with the score. */
export function diagnose(input: DiagnosisInput): Diagnosis {
  const findings: Finding[] = [];
  const pending = (Object.keys(input) as InputKey[]).filter((key) => input[key].status === 'pending');
  for (const key of Object.keys(input) as InputKey[]) {
    const state = input[key];
    if (state.status === 'error') findings.push(sectionFailure(key, state.code));
  }
  // No customer is known for this MAC: that is the one finding that matters (the device sections'
  // failures follow from it), with no score and nothing left to wait for.
  const unknownMac = findings.find((item) => item.key === 'macNotFound');
  if (unknownMac) return { findings: [unknownMac], score: null, pending: [] };
  const wan = input.wan.status === 'ok' ? input.wan.data : null;
  let fibreFine: boolean | null = null;
  if (wan) {
    const result = wanFindings(wan);
    findings.push(...result.findings);
    fibreFine = result.fibreFine;
  }
  // The Wi-Fi combination needs the fibre's state: until the WAN answered, the clients count one by one.
  if (input.lan.status === 'ok') findings.push(...lanFindings(input.lan.data, fibreFine));
  if (input.voice.status === 'ok') findings.push(...voiceFindings(input.voice.data));
  // A certificate older than the last registration needs the WAN; missing needs only the certificates.
  if (input.bc.status === 'ok') findings.push(...certificateFindings(input.bc.data, wan));
  const answered = (['wan', 'lan', 'voice', 'bc'] as const).filter(
    (key) => input[key].status === 'ok',
  ).length;
  const ranked = rankFindings(findings);
  return { findings: ranked, score: experienceScore(ranked, answered), pending };
}

// ---- snapshots and what changed ------------------------------------------------------------------

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

/** The snapshot of a complete view (the API stores it after answering). */
export function snapshotOf(mac: string, at: Date, by: string, input: DiagnosisInput): LookSnapshot {
  const { findings, score } = diagnose(input);
  return {
    mac,
    at: at.toISOString(),
    by,
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

/** The action and tab of a finding come from its playbook entry; these are the types the web app uses. */
export type { PlaybookAction, PlaybookTab };
