/**
 * What the diagnosis reads from a device's week (docs/history.md, "Findings"): the history's measures
 * (common/src/history-measures.ts), each graded by the threshold manager's rules for the device's
 * technology and variant. Read at each answer, outside the history's cache, so an engineer's edit of a rule
 * grades the next view.
 */
import type { HistorySection } from '@insight/common/history';
import { HISTORY_MEASURES, historyMeasures, type AssessedHistory } from '@insight/common/history-measures';
import { gradeValue, type DeviceContext, type ThresholdSet } from '@insight/common/threshold-grading';
import type { ThresholdSource } from '../grading/threshold-source';
import type { UpstreamCalls } from '../upstream-calls';

/** The measures of a history and their grades for a device. */
export function assessHistory(
  set: ThresholdSet,
  device: DeviceContext,
  history: HistorySection,
): AssessedHistory {
  const measures = historyMeasures(history);
  const grades: AssessedHistory['grades'] = {};
  for (const measure of HISTORY_MEASURES)
    if (measures[measure].value !== null)
      grades[measure] = gradeValue(set, measure, measures[measure].value, device);
  return { measures, grades };
}

/**
 * The assessment of a device's history (its technology and model from the WAN details the sections share),
 * or undefined when they or the rules cannot be read: the history is shown without findings, not refused.
 */
export async function deviceAssessment(
  calls: Pick<UpstreamCalls, 'details'>,
  thresholds: ThresholdSource,
  mac: string,
  history: HistorySection,
): Promise<AssessedHistory | undefined> {
  try {
    const [details, set] = await Promise.all([calls.details(mac, false), thresholds.current()]);
    return assessHistory(set, { technology: details.value.networkType, model: details.value.model }, history);
  } catch {
    return undefined;
  }
}
