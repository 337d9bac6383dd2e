/**
 * "Copy for the ticket": the note holds the MAC, the account, the time, the score with its confidence, each
 * finding with its value, rule and next step, the neighbourhood line and a permalink, in the agent's
 * language; the button copies it.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { NeighbourhoodSection } from '@insight/common/customer360';
import { foldConsequences, rankFindings, type Diagnosis, type Finding } from '@insight/common/diagnosis';
import { formatDateTime } from '@insight/common/format';
import { DEFAULT_PLAYBOOK_BY_KEY } from '@insight/common/diagnosis-playbook-defaults';
import type { Grading } from '@insight/common/threshold-grading';
import en from '../../../locales/en/insight360.json';
import fr from '../../../locales/fr/insight360.json';
import { renderApp } from '../../../testing/render-app';
import { CopyTicketButton, useTicketNote, type TicketNoteInput } from './ticket-note';

const grading: Grading = {
  grade: 'fail',
  value: -31.2,
  unit: 'dBm',
  source: {
    kind: 'default',
    definition: 'rxPower',
    rule: 'GPON-rxPower-FAIL-LOW',
    variant: null,
    range: { rangeMin: -60, rangeMax: -27, alphaValue: null },
  },
};
const finding = (over: Partial<Finding>): Finding => ({
  id: 'rxPower',
  key: 'rxPower.fail',
  severity: 'fail',
  section: 'wan',
  grading: null,
  values: {},
  effect: 'score',
  penalty: 3,
  group: 'link',
  ...over,
});
const diagnosis: Pick<Diagnosis, 'score' | 'confidence' | 'findings'> = {
  score: 2,
  confidence: { level: 'medium', gaps: [{ kind: 'unchecked', section: 'voice' }] },
  findings: [
    finding({
      id: 'port',
      key: 'portOutage',
      section: 'port',
      effect: 'context',
      penalty: 0,
      group: 'none',
      values: { olt: 'OLT-OTT-3', port: '1/2/7', affected: 12, total: 19 },
    }),
    finding({ grading, values: { value: '-31.2 dBm' } }),
  ],
};
const neighbourhood: NeighbourhoodSection = {
  olt: 'OLT-OTT-3',
  port: '1/2/7',
  technology: 'GPON',
  split: 32,
  status: 'up',
  onus: [],
  counts: { neighbours: 19, down: 8, dyingGasp: 1, lowLight: 4 },
};
const input: TicketNoteInput = {
  mac: 'A4C1E8000010',
  account: '800000073',
  at: new Date('2026-11-26T14:02:00Z'),
  diagnosis,
  neighbourhood,
};

function Harness() {
  const note = useTicketNote(DEFAULT_PLAYBOOK_BY_KEY);
  return <CopyTicketButton note={() => note(input)} />;
}

describe('the ticket note', () => {
  for (const [language, texts] of [
    ['en', en],
    ['fr', fr],
  ] as const) {
    it(`(${language}) copies the MAC, account, time, score and confidence, findings, neighbours and a permalink`, async () => {
      const writeText = vi.fn(() => Promise.resolve());
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      await renderApp(<Harness />, { path: language === 'fr' ? '/fr' : '/' });
      await userEvent.click(screen.getByTestId('copy-ticket'));
      await waitFor(() => expect(screen.getByTestId('copy-ticket').textContent).toBe(texts.ticket.copied));
      const note = (writeText.mock.calls[0] as unknown as [string])[0];
      const outage = DEFAULT_PLAYBOOK_BY_KEY.portOutage!;
      const power = DEFAULT_PLAYBOOK_BY_KEY['rxPower.fail']!;
      const fill = (text: string) =>
        text
          .replace('{olt}', 'OLT-OTT-3')
          .replace('{port}', '1/2/7')
          .replace('{affected}', '12')
          .replace('{total}', '19');
      for (const expected of [
        'A4:C1:E8:00:00:10',
        '800000073',
        formatDateTime(input.at, language),
        '2/5',
        texts.diagnosis.confidence.medium,
        texts.diagnosis.sections.voice,
        fill(language === 'fr' ? outage.titleFr : outage.titleEn),
        fill(language === 'fr' ? outage.stepFr : outage.stepEn),
        language === 'fr' ? power.stepFr : power.stepEn,
        'GPON-rxPower-FAIL-LOW',
        texts.ticket.neighbourhood,
        'OLT-OTT-3',
        `${language === 'fr' ? '/fr' : ''}/i/mac/A4C1E8000010`,
      ])
        expect(note, expected).toContain(expected);
      // Plain text: no markup, one finding per numbered line.
      expect(note).not.toMatch(/<[a-z]/i);
      expect(note.split('\n').filter((line) => /^\d\. /.test(line))).toHaveLength(2);
    });
  }

  it('(fr) lists a root cause with its next step, then its consequences in one line, and a separate fault apart', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const findings = rankFindings(
      foldConsequences([
        finding({ id: 'onu-state', key: 'onuNotRanged', values: { status: 'down' } }),
        finding({ id: 'voice-ata', key: 'voiceAtaOffline', section: 'voice', group: 'voice' }),
        finding({
          id: 'bc',
          key: 'bcMissing',
          severity: 'warn',
          section: 'bc',
          effect: 'confidence',
          penalty: 0,
        }),
        finding({
          id: 'port',
          key: 'portOutage',
          section: 'port',
          values: { olt: 'OLT-OTT-3', port: '1/2/7', affected: 19, total: 19 },
        }),
      ]),
    );
    function Story() {
      const note = useTicketNote(DEFAULT_PLAYBOOK_BY_KEY);
      return <CopyTicketButton note={() => note({ ...input, diagnosis: { ...diagnosis, findings } })} />;
    }
    await renderApp(<Story />, { path: '/fr' });
    await userEvent.click(screen.getByTestId('copy-ticket'));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    const note = (writeText.mock.calls[0] as unknown as [string])[0];
    const lines = note.split('\n');
    const numbered = lines.filter((line) => /^\d\. /.test(line));
    expect(numbered).toHaveLength(2);
    expect(numbered[0]).toContain('Panne : 19 voisins sur 19');
    const consequences = lines.filter((line) => line.trim().startsWith(fr.diagnosis.consequences));
    expect(consequences).toEqual([
      `   ${fr.diagnosis.consequences} ${DEFAULT_PLAYBOOK_BY_KEY.onuNotRanged!.titleFr.replace('{status}', 'down')}; ${DEFAULT_PLAYBOOK_BY_KEY.voiceAtaOffline!.titleFr}`,
    ]);
    // The consequence's own step (reset it) is not in the note; the certificate's is.
    expect(note).not.toContain(DEFAULT_PLAYBOOK_BY_KEY.onuNotRanged!.stepFr);
    expect(note).not.toContain(DEFAULT_PLAYBOOK_BY_KEY.voiceAtaOffline!.stepFr);
    expect(note).toContain(DEFAULT_PLAYBOOK_BY_KEY.bcMissing!.stepFr);
  });

  it('(en) lists a history finding with its times, as the page writes dates', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const times = ['2026-11-26T01:00:00.000Z', '2026-11-26T07:15:00.000Z', '2026-11-26T13:45:00.000Z'];
    const drops = finding({
      id: 'history-los',
      key: 'intermittentLink',
      values: { count: 3, value: '3', times: times.join(', ') },
    });
    function Story() {
      const note = useTicketNote(DEFAULT_PLAYBOOK_BY_KEY);
      return (
        <CopyTicketButton note={() => note({ ...input, diagnosis: { ...diagnosis, findings: [drops] } })} />
      );
    }
    await renderApp(<Story />, { path: '/' });
    await userEvent.click(screen.getByTestId('copy-ticket'));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    const note = (writeText.mock.calls[0] as unknown as [string])[0];
    expect(note).toContain('The link dropped 3 times in 24 hours');
    expect(note).toContain(times.map((time) => formatDateTime(new Date(time), 'en')).join(', '));
    expect(note).not.toContain('2026-11-26T01:00');
  });
});
