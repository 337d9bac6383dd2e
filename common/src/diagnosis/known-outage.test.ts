/**
 * A port's fault that an open outage covers is a known outage (docs/diagnosis.md, "Known outages"): the
 * next step tells the customer, with the estimate, and does not escalate again; without a known outage the
 * port's fault is escalated with its OLT and port, as before.
 */
import { describe, expect, it } from 'vitest';
import type { NeighbourhoodSection } from '../customer360';
import { DEFAULT_PLAYBOOK_BY_KEY, fillPlaybookText } from '../diagnosis-playbook-defaults';
import { anOutage } from '../testing/outage-fixtures';
import { foldConsequences } from './causes';
import { heldActions, isRootCause } from './registry';
import { finding } from './rules/finding';
import { neighbourhoodFindings } from './rules/neighbourhood';
import { rankFindings } from './score';
import { storyOf } from './story';
import type { Finding, KnownOutage } from './types';

const grading = {
  grade: 'fail',
  value: null,
  unit: 'dBm',
  source: { kind: 'none', definition: null, rule: null, variant: null, range: null },
} as const;

/** The device's port: `down` of its `neighbours` share the fault (the device itself is down too). */
function port(neighbours: number, down: number): NeighbourhoodSection {
  const onu = (index: number, online: boolean, self = false) => ({
    mac: `AABBCCDDEE${String(index).padStart(2, '0')}`,
    onuId: index,
    status: online ? ('online' as const) : ('offline' as const),
    lastDownCause: online ? null : ('los' as const),
    rxPower: grading,
    self,
  });
  return {
    olt: 'OLT-TOR-1',
    port: '1/1/5',
    technology: 'GPON',
    split: 32,
    status: 'up',
    onus: [onu(0, false, true), ...Array.from({ length: neighbours }, (_, i) => onu(i + 1, i >= down))],
    counts: { neighbours, down, dyingGasp: 0, lowLight: 0 },
  };
}
const link = finding('onu-state', 'onuNotRanged', 'fail', 'wan', { status: 'down' });
const known: KnownOutage = anOutage();
const findingsOf = (section: NeighbourhoodSection, outage: KnownOutage | null) =>
  neighbourhoodFindings({ status: 'ok', data: section }, link, outage);

const english = (item: Finding) => {
  const entry = DEFAULT_PLAYBOOK_BY_KEY[item.key]!;
  return {
    title: fillPlaybookText(entry.titleEn, item.values),
    cause: fillPlaybookText(entry.causeEn, item.values),
    step: fillPlaybookText(entry.stepEn, item.values),
  };
};
const french = (item: Finding) => fillPlaybookText(DEFAULT_PLAYBOOK_BY_KEY[item.key]!.stepFr, item.values);

describe('a known outage in the diagnosis', () => {
  it('when no outage is known, then the port outage is escalated with the OLT and port, as before', () => {
    const [outage] = findingsOf(port(17, 16), null);
    expect(outage!.key).toBe('portOutage');
    expect(english(outage!).step).toContain('escalate to operations with OLT OLT-TOR-1, port 1/1/5');
  });

  it('when an open outage covers the port, then the step tells the customer with the estimate and does not escalate again', () => {
    const [outage] = findingsOf(port(17, 16), known);
    expect(outage).toMatchObject({
      id: 'port',
      key: 'knownOutage',
      severity: 'fail',
      values: {
        olt: 'OLT-TOR-1',
        port: '1/1/5',
        affected: 16,
        total: 17,
        since: '2026-11-27T14:02:00.000Z',
        ticket: 'OUT-123',
        backAbout: '2026-11-27T16:00:00.000Z',
      },
    });
    const { title, step } = english({
      ...outage!,
      values: { ...outage!.values, since: '14:02', backAbout: 'about 16:00' },
    });
    expect(title).toBe('Known outage since 14:02: port OLT-TOR-1 1/1/5, 16 of 17 neighbours share the fault');
    expect(step).toContain(
      'Tell the customer there is a known outage in their area since 14:02; service back: about 16:00',
    );
    expect(step).toContain('Do not escalate again');
    expect(step).not.toContain('escalate to operations');
    expect(french(outage!)).toContain('N’escaladez pas de nouveau');
  });

  it('when the note has no ticket nor time back yet, then those values are empty for the view to word', () => {
    const [outage] = findingsOf(
      port(17, 16),
      anOutage({ note: { ticket: null, backAbout: null, text: '' } }),
    );
    expect(outage!.values).toMatchObject({ ticket: '', backAbout: '' });
  });

  it('when an outage covers a part of the port, then the partial fault is known too', () => {
    expect(findingsOf(port(17, 3), null)[0]!.key).toBe('portPartial');
    expect(findingsOf(port(17, 3), known)[0]!.key).toBe('knownOutage');
  });

  it('when the neighbours are fine, then a known outage does not make the drop an outage', () => {
    expect(findingsOf(port(17, 0), known)[0]!.key).toBe('dropCut');
  });

  it('is a root cause as the port outage is: it folds the link under it and holds the reset', () => {
    expect(isRootCause('knownOutage')).toBe(true);
    expect(heldActions('knownOutage')).toEqual(['reset']);
    const [outage] = findingsOf(port(17, 16), known);
    const story = storyOf(rankFindings(foldConsequences([link, outage!])), english, () => null);
    expect(story).toHaveLength(1);
    expect(story[0]!.finding.key).toBe('knownOutage');
    expect(story[0]!.consequences.map((item) => item.finding.key)).toEqual(['onuNotRanged']);
  });
});
