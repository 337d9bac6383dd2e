import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LanSection, WanSection } from '@insight/common/customer360';
import type { Grade, Grading } from '@insight/common/threshold-grading';
import { renderWithTheme } from '../../../testing/render';
import { LanPanel } from './lan-panel';
import { PlumeSummary } from './plume-summary';
import { FirmwareSummary } from './wan-summary';

/** A grade the seeded rules would not give: the view must show the API's, not a fixed mapping. */
const grading = (grade: Grade, value: number | string, rule: string, alphaValue: string | null): Grading => ({
  grade,
  value,
  unit: '',
  source: {
    kind: 'default',
    definition: 'D',
    rule,
    variant: null,
    range: { rangeMin: alphaValue === null ? 70 : null, rangeMax: null, alphaValue },
  },
});

/** A LAN section with one client, its values graded as given. */
const lanSection = (grades: Partial<LanSection['grades']>, score = 90) =>
  ({
    gateway: { model: 'x', firmware: 'y', wanIp: '', lanIp: '', uptimeSeconds: 10, ethernetPorts: [] },
    plume: {
      locationId: 'l',
      loginUrl: 'https://p',
      frontlineUrl: 'https://f',
      health: { score, status: 'pass' },
      license: { type: 'HomePass', status: 'active' },
    },
    ssids: [],
    pods: [],
    clients: [
      {
        mac: '000000000001',
        ip: '192.168.1.10',
        hostname: 'laptop',
        band: '5GHz',
        channel: 36,
        rssi: -50,
        connectionState: 'connected',
        health: 'good',
        podId: null,
      },
    ],
    grades: { clients: {}, health: {}, ...grades },
  }) as unknown as LanSection;

describe('Wi-Fi health and firmware as the API graded them', () => {
  it('when the API grades a correct firmware fail by a changed rule, then the chip says fail and why, in words', async () => {
    const wan = {
      firmware: {
        model: 'G-010G-Q',
        revision: 'R1',
        current: 'B',
        latest: 'C',
        approved: ['B'],
        score: 0,
        scoreLabel: 'correct',
      },
      grades: { firmware: grading('fail', 0, 'GPON-firmware-CORRECT', '0') },
    } as unknown as WanSection;
    await renderWithTheme(<FirmwareSummary wan={wan} />);
    const chip = screen.getByTestId('grade-firmware');
    expect(chip.dataset).toMatchObject({ grade: 'fail', rule: 'GPON-firmware-CORRECT' });
    expect(chip.textContent).toBe('correct firmware');
    expect(chip.getAttribute('aria-label')).toBe(
      'correct firmware — 0: fail, rule GPON-firmware-CORRECT (default rule): x = 0',
    );
  });

  it('when the API grades the Plume health score (French), then the chip shows the score with the rule’s grade', async () => {
    const lan = lanSection({ plumeHealth: grading('pass', 72, 'GPON-wifiHealth-SCORE-PASS', null) }, 72);
    await renderWithTheme(<PlumeSummary lan={lan} />, 'fr');
    const chip = screen.getByTestId('grade-plume-health');
    expect(chip.dataset).toMatchObject({ grade: 'pass', rule: 'GPON-wifiHealth-SCORE-PASS' });
    expect(chip.textContent).toBe('72 / 100');
    expect(chip.getAttribute('aria-label')).toContain(
      '72 : réussi, règle GPON-wifiHealth-SCORE-PASS (règle par défaut) : x ≥ 70',
    );
  });

  it('when the API grades a client’s health word, then the clients table shows that grade with its rule', async () => {
    const lan = lanSection({
      health: { '000000000001': grading('warn', 'good', 'GPON-wifiHealth-GOOD', 'good') },
    });
    await renderWithTheme(<LanPanel lan={lan} />);
    const chip = await screen.findByLabelText(
      'good: warn, rule GPON-wifiHealth-GOOD (default rule): x = good',
    );
    expect(chip.dataset).toMatchObject({ grade: 'warn', rule: 'GPON-wifiHealth-GOOD' });
    expect(chip.textContent).toBe('good');
  });
});
