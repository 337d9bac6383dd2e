/**
 * Diagnosis of a 360 view: the findings (what is wrong, how bad, the value and the rule that decided,
 * the playbook's cause and next step), one experience score 1–5 of what the customer feels with the
 * confidence beside it, each section's verdict for the summary strip, and the compact snapshot of the graded
 * measurements kept per look (docs/diagnosis.md). Pure: the API runs it on a complete view (the score
 * it stores and serves) and the web app runs the same function on the sections it has, so the list fills
 * in as sections arrive and never waits for the slowest one.
 */
import type {
  BirthCertificatesSection,
  Customer,
  LanSection,
  NeighbourhoodSection,
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
  /** The device's PON port and its neighbours. */
  port: SectionState<NeighbourhoodSection>;
}
export type InputKey = keyof DiagnosisInput;
export const INPUT_SECTIONS: Readonly<Record<InputKey, Section>> = {
  customer: 'customer',
  wan: 'wan',
  lan: 'lan',
  voice: 'voice',
  bc: 'birth-certificates',
  port: 'neighbourhood',
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
  /**
   * What the finding does to the score: `score`, points off what the customer feels (its group's worst
   * counts once); `confidence`, a record or a section not checked, which lowers the confidence instead;
   * `context`, it explains another finding (the neighbourhood) and takes nothing.
   */
  effect: 'score' | 'confidence' | 'context';
  /** Points off the score of 5 (0 unless the effect is `score`). */
  penalty: number;
  /** One cause, counted once: the findings of a group take only their worst penalty together. */
  group: ScoreGroup;
  /**
   * The neighbourhood finding that makes this device's own action useless (a reset while the port is dark,
   * the ONU has no power or the OLT holds it down): the view offers no such action.
   */
  actionHeldBy?: ActionHoldingCause;
}

/** The neighbourhood's causes that no action on the device itself can fix. */
export const ACTION_HOLDING_CAUSES = [
  'portOutage',
  'powerAtHome',
  'onuAdminDown',
] as const satisfies readonly PlaybookKey[];
export type ActionHoldingCause = (typeof ACTION_HOLDING_CAUSES)[number];
const holdsAction = (key: PlaybookKey): key is ActionHoldingCause =>
  (ACTION_HOLDING_CAUSES as readonly PlaybookKey[]).includes(key);

/** What the customer feels, in groups that are each counted once (docs/diagnosis.md, "Weights"). */
export type ScoreGroup = 'link' | 'provisioning' | 'firmware' | 'wifi' | 'voice' | 'none';

/** What lowered the confidence of the score: a section not checked, or a record that is not current. */
export type ConfidenceGap =
  { kind: 'unchecked'; section: InputKey } | { kind: 'record'; key: PlaybookKey; section: InputKey };

export interface Confidence {
  /** high: everything was checked and the records are current; low: the WAN, or two sections or more, not checked. */
  level: 'high' | 'medium' | 'low';
  gaps: ConfidenceGap[];
}

export interface Diagnosis {
  findings: Finding[];
  /** 1–5, or null while no device section has answered (or the MAC is unknown). */
  score: number | null;
  /** How far the score can be trusted, and why not further. */
  confidence: Confidence;
  /** The sections still loading. */
  pending: InputKey[];
}

/** Points off the score of 5 for what the customer feels, by severity (docs/diagnosis.md, "Weights"). */
export const SCORE_PENALTY: Readonly<Record<'fail' | 'warn', number>> = { fail: 3, warn: 1 };
/**
 * Weak Wi-Fi clients make a finding only when they are at least this share of the connected ones: one weak
 * device among many is the device's place, not the home's Wi-Fi.
 */
export const WEAK_CLIENT_SHARE = 0.25;

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
  'sectionFailed.neighbourhood',
  // The neighbourhood names the cause of the device's own link finding: it comes first.
  'portOutage',
  'portPartial',
  'powerAtHome',
  'onuAdminDown',
  'dropOrHome',
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

/** The group each kind of finding scores in; kinds absent here are records or unknowns (confidence). */
const GROUPS: Partial<Record<string, ScoreGroup>> = {
  rxPower: 'link',
  txPower: 'link',
  oltRxPower: 'link',
  onuNotRanged: 'link',
  onuDegraded: 'link',
  provisioningFailed: 'provisioning',
  provisioningPending: 'provisioning',
  'firmware.fail': 'firmware',
  wifiPlacement: 'wifi',
  wifiClients: 'wifi',
  wifiHealth: 'wifi',
  voiceAtaOffline: 'voice',
  voiceLineDown: 'voice',
};
/** Findings that explain another (the neighbourhood): they take nothing from the score or the confidence. */
const CONTEXT: ReadonlySet<string> = new Set([
  'portOutage',
  'portPartial',
  'powerAtHome',
  'onuAdminDown',
  'dropOrHome',
]);
/** Scored, but as what the customer may feel rather than does: a firmware that is not approved runs. */
const PENALTY_CAP: Partial<Record<ScoreGroup, number>> = { firmware: SCORE_PENALTY.warn };

const finding = (
  id: string,
  key: PlaybookKey,
  severity: Severity,
  section: InputKey,
  values: Record<string, string | number> = {},
  grading: Grading | null = null,
): Finding => {
  const group = GROUPS[key] ?? GROUPS[key.split('.')[0]!] ?? 'none';
  const scored = group !== 'none' && severity !== 'unknown';
  return {
    id,
    key,
    severity,
    section,
    grading,
    values,
    effect: scored ? 'score' : CONTEXT.has(key) ? 'context' : 'confidence',
    penalty: scored ? Math.min(SCORE_PENALTY[severity], PENALTY_CAP[group] ?? Infinity) : 0,
    group,
  };
};

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
  // An ONU that is down has no reading: its -40 dBm floor says nothing more than that it is down.
  const opticals =
    oper === 'up' || oper === 'testing' || oper === 'dormant'
      ? (['rxPower', 'txPower', 'oltRxPower'] as const)
      : [];
  for (const parameter of opticals) {
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
  if (poor.length > 0 && poor.length >= WEAK_CLIENT_SHARE * graded.length)
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

/** Most of the neighbours share the fault at this share or above: the port, not the home. */
export const OUTAGE_SHARE = 0.5;
/** This many neighbours sharing the fault (below the outage share) make a partial port fault. */
export const PARTIAL_MIN = 2;

/**
 * What the neighbours on the device's PON port say about its own link fault (docs/diagnosis.md,
 * "Neighbourhood"): the device went down with a dying gasp (power at the home); most of the port shares the
 * fault (the feeder, the splitter or the OLT: an outage); several do (a splitter branch); the OLT holds the
 * device down (suspended); or the neighbours
 * are fine (the drop or the home). Nothing while the device's link is fine, nor on a port of one. Neighbours
 * that went down with a dying gasp, or are suspended, do not count as sharing a fibre fault.
 */
function neighbourhoodFindings(state: DiagnosisInput['port'], link: Finding | null): Finding[] {
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
  if (port.status === 'down' || affected >= OUTAGE_SHARE * neighbours)
    return [finding('port', 'portOutage', link.severity, 'port', counted)];
  if (affected >= PARTIAL_MIN) return [finding('port', 'portPartial', link.severity, 'port', counted)];
  return [finding('port', 'dropOrHome', link.severity, 'port', counted)];
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
 * The score, 1–5, of what the customer feels: 5 less, per group (the link, provisioning, firmware, Wi-Fi,
 * voice), the penalty of its worst finding — 3 for a fail, 1 for a warn — never below 1. Records and sections
 * not checked take nothing (they lower the confidence). Null when the MAC is unknown or no device section
 * answered.
 */
export function experienceScore(findings: readonly Finding[], answered: number): number | null {
  if (findings.some((item) => item.key === 'macNotFound') || answered === 0) return null;
  const worst = new Map<ScoreGroup, number>();
  for (const item of findings)
    if (item.effect === 'score') worst.set(item.group, Math.max(worst.get(item.group) ?? 0, item.penalty));
  const points = [...worst.values()].reduce((sum, value) => sum + value, 0);
  return Math.max(1, 5 - points);
}

/** The sections not checked and the records not current, and how far they weaken the score. */
export function confidenceOf(findings: readonly Finding[]): Confidence {
  const gaps: ConfidenceGap[] = [];
  for (const item of findings) {
    if (item.key === 'macNotFound') continue;
    if (item.severity === 'unknown') gaps.push({ kind: 'unchecked', section: item.section });
    else if (item.effect === 'confidence')
      gaps.push({ kind: 'record', key: item.key, section: item.section });
  }
  const unchecked = gaps.filter((gap) => gap.kind === 'unchecked');
  const level =
    unchecked.some((gap) => gap.section === 'wan') || unchecked.length >= 2
      ? 'low'
      : gaps.length > 0
        ? 'medium'
        : 'high';
  return { level, gaps };
}

/** Every finding of the sections answered so far, ranked, with the score. */
export function diagnose(input: DiagnosisInput): Diagnosis {
  const findings: Finding[] = [];
  const pending = (Object.keys(input) as InputKey[]).filter((key) => input[key].status === 'pending');
  for (const key of Object.keys(input) as InputKey[]) {
    const state = input[key];
    // The neighbourhood matters only beside a link fault: its failure is reported there.
    if (state.status === 'error' && key !== 'port') findings.push(sectionFailure(key, state.code));
  }
  // No customer is known for this MAC: that is the one finding that matters (the device sections'
  // failures follow from it), with no score and nothing left to wait for.
  const unknownMac = findings.find((item) => item.key === 'macNotFound');
  if (unknownMac)
    return { findings: [unknownMac], score: null, confidence: confidenceOf([unknownMac]), pending: [] };
  const wan = input.wan.status === 'ok' ? input.wan.data : null;
  let fibreFine: boolean | null = null;
  if (wan) {
    const result = wanFindings(wan);
    findings.push(...result.findings);
    fibreFine = result.fibreFine;
    // The device's own link fault, if any: the ONU not ranged first, then the light it receives.
    const link =
      result.findings.find((item) => item.key === 'onuNotRanged') ??
      result.findings.find((item) => ['rxPower', 'oltRxPower'].includes(item.id)) ??
      null;
    const around = neighbourhoodFindings(input.port, link);
    const holding = around.map((item) => item.key).find(holdsAction);
    if (link && holding) link.actionHeldBy = holding;
    findings.push(...around);
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
  return {
    findings: ranked,
    score: experienceScore(ranked, answered),
    confidence: confidenceOf(ranked),
    pending,
  };
}

/** A section's verdict on the summary strip: its worst finding, or pass; from the one diagnosis. */
export interface SectionVerdict {
  state: 'pending' | 'error' | 'ok';
  grade: 'pass' | 'warn' | 'fail' | 'unknown';
  /** The finding that decided (the section's first in rank), null for a pass or while pending. */
  finding: Finding | null;
}

/**
 * The strip's verdict of each device section, from the diagnosis's own findings: the strip, the findings
 * and the score say the same thing with the same words (the finding's playbook title).
 */
export function sectionVerdicts(
  input: DiagnosisInput,
  diagnosis: Pick<Diagnosis, 'findings'>,
): Record<'wan' | 'lan' | 'voice' | 'bc', SectionVerdict> {
  const verdict = (key: 'wan' | 'lan' | 'voice' | 'bc'): SectionVerdict => {
    const state = input[key].status;
    if (state === 'pending') return { state, grade: 'unknown', finding: null };
    const top = diagnosis.findings.find((item) => item.section === key) ?? null;
    return { state, grade: top ? top.severity : 'pass', finding: top };
  };
  return { wan: verdict('wan'), lan: verdict('lan'), voice: verdict('voice'), bc: verdict('bc') };
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
  /**
   * The customer's name at the look (the primary contact), null when the customer section did not answer;
   * absent from looks stored before it was kept. Personal data: kept with the look, as long (90 days).
   */
  customer?: string | null;
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
    customer: input.customer.status === 'ok' ? input.customer.data.name.line1 : null,
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
