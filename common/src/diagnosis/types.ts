/**
 * The diagnosis's types: what it reads (the view's sections as they arrive), what it gives (findings, the
 * score, its confidence) and the constants of the score (docs/diagnosis.md).
 */
import type {
  BirthCertificatesSection,
  Customer,
  LanSection,
  NeighbourhoodSection,
  Section,
  VoiceSection,
  WanSection,
} from '../customer360';
import type { AssessedHistorySection } from '../history-measures';
import type { TestResult } from '../device-tests';
import type { Outage } from '../outages';
import type { Grading } from '../threshold-grading';
import type { FindingKind, RootCause } from './registry';

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
  /**
   * The device's week of history with its graded measures, when the view has read it: not a section of
   * the view's stream (its card reads it), so neither waited for nor counted as pending.
   */
  history?: SectionState<AssessedHistorySection>;
  /**
   * An open outage that covers the device (`outageCovers` of common/src/outages.ts), when the view knows
   * one: the port's fault is then a known outage (tell the customer, do not escalate again). Absent or
   * null: none is known, and the port's fault is escalated with its OLT and port.
   */
  outage?: KnownOutage | null;
  /**
   * The results of the tests run from the device (docs/device-tests.md) that may grade it today: complete
   * and younger than an hour (`freshResults` of common/src/device-tests.ts). Absent: none.
   */
  tests?: readonly TestResult[];
}

/** What the diagnosis reads of a known outage: since when, its ticket and when service should be back. */
export type KnownOutage = Pick<Outage, 'startsAt' | 'note'>;
/** The view's sections the diagnosis waits for. */
export type InputKey = Exclude<keyof DiagnosisInput, 'history' | 'outage' | 'tests'>;
export const INPUT_SECTIONS: Readonly<Record<InputKey, Section>> = {
  customer: 'customer',
  wan: 'wan',
  lan: 'lan',
  voice: 'voice',
  bc: 'birth-certificates',
  port: 'neighbourhood',
};

/** `info`: an observation that is no fault (the line delivers the plan): it takes nothing from the score. */
export type Severity = 'fail' | 'warn' | 'unknown' | 'info';

/** What the customer feels, in groups that are each counted once (docs/diagnosis.md, "Weights"). */
export type ScoreGroup = 'link' | 'provisioning' | 'firmware' | 'wifi' | 'voice' | 'none';

export interface Finding {
  /** Stable within a device (one finding per id): the React key, the snapshot's finding list. */
  id: string;
  /** The finding's kind: its entry in the registry and the playbook (title, cause and next step). */
  key: FindingKind;
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
   * `context`, it locates another finding (the drop or the home) and takes nothing; `consequence`, a root
   * cause explains it (`explainedBy`) and it takes nothing more.
   */
  effect: 'score' | 'confidence' | 'context' | 'consequence';
  /** Points off the score of 5 (0 unless the effect is `score`). */
  penalty: number;
  /** One cause, counted once: the findings of a group take only their worst penalty together. */
  group: ScoreGroup;
  /** The root cause that explains this finding: the view folds it under that cause. */
  explainedBy?: RootCause;
  /**
   * The root cause that makes this device's own actions useless (a reset while the port is dark, the ONU
   * has no power or the OLT holds it down): the view offers none of the actions the cause holds.
   */
  actionHeldBy?: RootCause;
}

/** What lowered the confidence of the score: a section not checked, or a record that is not current. */
export type ConfidenceGap =
  { kind: 'unchecked'; section: InputKey } | { kind: 'record'; key: FindingKind; section: InputKey };

export interface Confidence {
  /** high: everything was checked and the records are current; low: the WAN, or two sections or more, not checked. */
  level: 'high' | 'medium' | 'low';
  gaps: ConfidenceGap[];
}

export interface Diagnosis {
  findings: Finding[];
  /** 1–5, or null while no device section has answered (or the MAC is unknown). */
  score: number | null;
  /** The id of the finding that set the score (the first, in rank, of those that took the most points). */
  scoreSetBy: string | null;
  /** How far the score can be trusted, and why not further. */
  confidence: Confidence;
  /** The sections still loading. */
  pending: InputKey[];
}

/** Points off the score of 5 for what the customer feels, by severity (docs/diagnosis.md, "Weights"). */
export const SCORE_PENALTY: Readonly<Record<'fail' | 'warn', number>> = { fail: 3, warn: 1 };
