/**
 * What the week's history shows (docs/history.md, "Findings"): each measure the threshold manager's rules
 * grade warn or fail is a finding, with the times behind it for the agent and the ticket.
 */
import type { AssessedHistory, HistoryMeasure } from '../../history-measures';
import type { FindingKind } from '../registry';
import type { Finding, InputKey } from '../types';
import { finding, formatValue, notPass } from './finding';

const KINDS: Record<HistoryMeasure, { kind: FindingKind; id: string; section: InputKey }> = {
  losCount24h: { kind: 'intermittentLink', id: 'history-los', section: 'wan' },
  dyingGaspDays: { kind: 'powerCuts', id: 'history-power', section: 'wan' },
  eveningWifiDrop: { kind: 'eveningCongestion', id: 'history-evening', section: 'lan' },
  rxDrop7d: { kind: 'fallingLight', id: 'history-light', section: 'wan' },
};

export function historyFindings(history: AssessedHistory): Finding[] {
  const findings: Finding[] = [];
  for (const measure of Object.keys(KINDS) as HistoryMeasure[]) {
    const grading = history.grades[measure];
    if (!notPass(grading)) continue;
    const { kind, id, section } = KINDS[measure];
    const { value, times } = history.measures[measure];
    findings.push(
      finding(
        id,
        kind,
        grading.grade,
        section,
        { count: value ?? '-', value: formatValue(grading), times: times.join(', ') },
        grading,
      ),
    );
  }
  return findings;
}
