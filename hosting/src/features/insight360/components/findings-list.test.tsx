/**
 * The findings list's states (loading, partial, failed section, healthy, faulty) in both languages,
 * its operation, and the change line against the device's previous look.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { LookSnapshot } from '@insight/common/diagnosis';
import { DEFAULT_PLAYBOOK_BY_KEY } from '@insight/common/diagnosis-playbook';
import type { WanSection } from '@insight/common/customer360';
import en from '../../../locales/en/insight360.json';
import fr from '../../../locales/fr/insight360.json';
import { ok } from '../../../testing/fake-api';
import { renderApp, type RenderAppOptions } from '../../../testing/render-app';
import Insight360Page from './insight360-page';
import {
  certificate,
  customer,
  failedLine,
  lan,
  line,
  noVoice,
  portOfOne,
  viewApi,
  wan,
} from './view.fixtures';

let devices = 0;
const nextMac = () => `A4C1E8${String(900 + ++devices).padStart(6, '0')}`;

function openView(mac: string, options: RenderAppOptions = {}) {
  const prefix = options.path?.startsWith('/fr') ? '/fr' : '';
  return renderApp(
    <Route path={/^(?:\/fr)?\/i\/mac\/(?<mac>[^/]*)$/}>
      <Insight360Page />
    </Route>,
    { ...options, path: `${prefix}/i/mac/${mac}` },
  );
}
const findings = () => screen.getByTestId('findings');
const bcLine = (mac: string) =>
  line('birth-certificates', { networkType: 'GPON', certificates: [certificate(mac, 'bc-1')], grades: {} });
const healthy = (mac: string) => [
  line('customer', customer(mac)),
  line('wan', wan(mac)),
  line('lan', lan()),
  line('voice', noVoice()),
  bcLine(mac),
];
const lowPower = (mac: string): WanSection => {
  const section = wan(mac);
  return {
    ...section,
    state: { ...section.state, rx_pwr: -29.5 },
    grades: {
      ...section.grades,
      rxPower: {
        grade: 'fail',
        value: -29.5,
        unit: 'dBm',
        source: {
          kind: 'default',
          definition: 'DEF-rxPower',
          rule: 'GPON-rxPower-FAIL-LOW',
          variant: null,
          range: { rangeMin: null, rangeMax: -27, alphaValue: null },
        },
      },
    },
  };
};

describe('FindingsList', () => {
  for (const [language, texts] of [
    ['en', en],
    ['fr', fr],
  ] as const) {
    it(`(${language}) while no section has answered, it says it is checking, with progress`, async () => {
      const mac = nextMac();
      await openView(mac, {
        path: language === 'fr' ? '/fr' : '',
        api: viewApi(mac, { lines: [], open: true }),
      });
      expect(findings().getAttribute('data-state')).toBe('loading');
      expect(within(findings()).getByRole('status').textContent).toContain(texts.diagnosis.loading);
      expect(screen.queryByTestId('experience-score')).toBeNull();
    });

    it(`(${language}) with some sections in, it shows their findings and names the ones still checked`, async () => {
      const mac = nextMac();
      await openView(mac, {
        path: language === 'fr' ? '/fr' : '',
        api: viewApi(mac, {
          lines: [line('customer', customer(mac)), line('wan', lowPower(mac))],
          open: true,
        }),
      });
      const item = await screen.findByTestId('finding-rxPower');
      expect(findings().getAttribute('data-state')).toBe('partial');
      const entry = DEFAULT_PLAYBOOK_BY_KEY['rxPower.fail']!;
      expect(item.textContent).toContain(language === 'fr' ? entry.titleFr : entry.titleEn);
      expect(item.textContent).toContain(language === 'fr' ? entry.causeFr : entry.causeEn);
      expect(item.getAttribute('data-severity')).toBe('fail');
      // The value and the rule that decided, and the severity in words (not colour alone).
      expect(within(item).getByTestId('finding-rule').textContent).toContain('GPON-rxPower-FAIL-LOW');
      expect(item.textContent).toContain(texts.diagnosis.severity.fail);
      expect(screen.getByTestId('findings-pending').textContent).toContain(texts.diagnosis.sections.lan);
      // A fail the customer feels scores 2 (docs/diagnosis.md, "Weights").
      expect(screen.getByTestId('experience-score').getAttribute('data-score')).toBe('2');
    });

    it(`(${language}) a section that failed upstream is an unknown finding that says what it means`, async () => {
      const mac = nextMac();
      await openView(mac, {
        path: language === 'fr' ? '/fr' : '',
        api: viewApi(mac, {
          lines: [
            ...healthy(mac).filter((l) => l.section !== 'wan'),
            failedLine('wan', 504, 'upstream_timeout'),
          ],
        }),
      });
      const item = await screen.findByTestId('finding-section-wan');
      expect(item.getAttribute('data-severity')).toBe('unknown');
      expect(item.textContent).toContain(texts.diagnosis.severity.unknown);
      const entry = DEFAULT_PLAYBOOK_BY_KEY.sectionTimeout!;
      expect(item.textContent).toContain(language === 'fr' ? entry.causeFr : entry.causeEn);
      // Unknown, not bad: the score keeps its 5, the confidence beside it says what was not checked.
      const score = screen.getByTestId('experience-score');
      expect(score.getAttribute('data-score')).toBe('5');
      expect(score.getAttribute('data-confidence')).toBe('low');
      expect(score.textContent).toContain(
        texts.diagnosis.gap.unchecked.replace('{{section}}', texts.diagnosis.sections.wan),
      );
    });

    it(`(${language}) a healthy device has no finding, scores 5 and says so`, async () => {
      const mac = nextMac();
      await openView(mac, {
        path: language === 'fr' ? '/fr' : '',
        api: viewApi(mac, { lines: healthy(mac) }),
      });
      expect((await screen.findByTestId('findings-healthy')).textContent).toBe(texts.diagnosis.healthy);
      expect(findings().getAttribute('data-state')).toBe('healthy');
      expect(screen.getByTestId('experience-score').getAttribute('data-score')).toBe('5');
      expect(findings().querySelectorAll('li')).toHaveLength(0);
    });
  }

  it('a missing certificate offers the generation to a role that may, and the finding goes once it is made', async () => {
    const mac = nextMac();
    const lines = healthy(mac).filter((l) => l.section !== 'birth-certificates');
    await openView(mac, {
      user: { roles: ['install'] },
      api: viewApi(
        mac,
        {
          lines: [
            ...lines,
            line('birth-certificates', { networkType: 'GPON', certificates: [], grades: {} }),
          ],
        },
        {
          [`POST /360/${mac}/birth-certificates/regenerate`]: {
            status: 201,
            body: { status: 'sent', method: 'PUT', certificate: certificate(mac, 'bc-new') },
          },
        },
      ),
    });
    const button = await screen.findByTestId('finding-action-bc');
    await userEvent.click(button);
    await userEvent.click(
      within(await screen.findByTestId('finding-regenerate-dialog')).getByRole('button', {
        name: en.ops.confirm,
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('finding-bc')).toBeNull());
    expect(screen.getByTestId('experience-score').getAttribute('data-score')).toBe('5');
  });

  for (const [case_, self, texts] of [
    ['without power (a dying gasp)', { lastDownCause: 'dyingGasp' }, en],
    ['held down at the OLT', { lastDownCause: 'adminDown' }, fr],
  ] as const)
    it(`an ONU that is not ranged, ${case_}, is offered no reset: the view says why`, async () => {
      const mac = nextMac();
      const down = wan(mac);
      const port = portOfOne(mac);
      const prefix = texts === fr ? '/fr' : '';
      await openView(mac, {
        path: prefix,
        user: { roles: ['support2'] },
        api: viewApi(mac, {
          lines: [
            ...healthy(mac).filter((l) => l.section !== 'wan'),
            line('wan', { ...down, state: { ...down.state, operStatus: 2 } }),
            line('neighbourhood', {
              ...port,
              onus: [{ ...port.onus[0]!, status: 'offline', ...self }],
            }),
          ],
        }),
      });
      // The cause says why there is no reset; the ONU's own finding is folded under it, with no step.
      const held = await screen.findByTestId('finding-action-held-port');
      const cause = self.lastDownCause === 'dyingGasp' ? 'powerAtHome' : 'onuAdminDown';
      expect(held.textContent).toBe(texts.diagnosis.actionHeld[cause]);
      expect(screen.queryByTestId('finding-action-onu-state')).toBeNull();
      expect(screen.queryByTestId('finding-onu-state')).toBeNull();
      expect(screen.getByTestId('finding-consequence-onu-state').getAttribute('data-key')).toBe(
        'onuNotRanged',
      );
      // The header's reset stays, but its confirmation says first why the diagnosis holds it.
      await userEvent.click(screen.getByTestId('reset-device'));
      expect((await screen.findByTestId('reset-dialog')).textContent).toContain(
        texts.diagnosis.actionHeld[cause],
      );
      expect(screen.getByTestId('findings').querySelector('[data-key]')?.getAttribute('data-key')).toBe(
        cause,
      );
    });

  it('a support1 user sees the next step of a missing certificate without the button', async () => {
    const mac = nextMac();
    const lines = healthy(mac).filter((l) => l.section !== 'birth-certificates');
    await openView(mac, {
      user: { roles: ['support1'] },
      api: viewApi(mac, {
        lines: [...lines, line('birth-certificates', { networkType: 'GPON', certificates: [], grades: {} })],
      }),
    });
    expect((await screen.findByTestId('finding-bc')).textContent).toContain(
      DEFAULT_PLAYBOOK_BY_KEY.bcMissing!.stepEn,
    );
    expect(screen.queryByTestId('finding-action-bc')).toBeNull();
  });

  it('says what changed since the previous look, when and who looked', async () => {
    const mac = nextMac();
    const previous: LookSnapshot = {
      mac,
      at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      by: 'support2',
      score: 5,
      measures: {
        rxPower: { value: -22.1, grade: 'pass', unit: 'dBm' },
        plumeHealth: { value: 90, grade: 'pass', unit: '' },
      },
      findings: [],
    };
    await openView(mac, {
      api: viewApi(
        mac,
        {
          lines: [
            line('customer', customer(mac)),
            line('wan', lowPower(mac)),
            line('lan', lan()),
            line('voice', noVoice()),
            bcLine(mac),
          ],
        },
        { [`GET /360/${mac}/looks`]: ok({ looks: [previous] }) },
      ),
    });
    const change = await screen.findByTestId('change-rxPower');
    expect(change.textContent).toContain('−22.1 dBm → −29.5 dBm');
    expect(change.textContent).toContain('3 days ago, looked at by support2');
    expect(change.textContent).toContain(en.diagnosis.worse);
  });
});
