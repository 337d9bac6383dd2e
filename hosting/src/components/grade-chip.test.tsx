import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Grading, ungraded } from '@insight/common/threshold-grading';
import { renderApp } from '../testing/render-app';
import { GradeChip, StatusChip } from './grade-chip';

const warn: Grading = {
  grade: 'warn',
  value: -25.9,
  unit: 'dBm',
  source: {
    kind: 'default',
    definition: 'DEF-rxPower',
    rule: 'GPON-rxPower-WARN-LOW',
    variant: null,
    range: { rangeMin: -27, rangeMax: -25, alphaValue: null },
  },
};

describe('GradeChip and StatusChip', () => {
  it('when a value is graded by a rule, then the chip shows it with a true minus, and says why for screen readers', async () => {
    await renderApp(<GradeChip grading={warn} testId="rx" />);
    const chip = screen.getByTestId('rx');
    expect(chip.getAttribute('data-grade')).toBe('warn');
    expect(chip.getAttribute('data-rule')).toBe('GPON-rxPower-WARN-LOW');
    expect(chip.textContent).toBe('−25.9 dBm');
    expect(chip.getAttribute('aria-label')).toBe(
      '−25.9 dBm: warn, rule GPON-rxPower-WARN-LOW (default rule): −27 ≤ x ≤ −25 dBm',
    );
  });

  it('when the language is French, then the number has a decimal comma and the reason is French', async () => {
    await renderApp(<GradeChip grading={warn} testId="rx" />, { path: '/fr' });
    expect(screen.getByTestId('rx').textContent).toBe('−25,9 dBm');
    expect(screen.getByTestId('rx').getAttribute('aria-label')).toMatch(/^−25,9 dBm : /);
  });

  it('when the grade carries the data’s texts, then the reason names the measurement and the rule in the user’s language, the English where the French is missing', async () => {
    const wrong: Grading = {
      grade: 'fail',
      value: 1,
      unit: '',
      source: {
        kind: 'variant',
        definition: 'DEF-firmware',
        rule: 'GPON-firmware-WRONG',
        variant: 'GPON-XGS',
        range: { rangeMin: null, rangeMax: null, alphaValue: '1' },
        texts: {
          definition: { en: 'ONU firmware', fr: 'Micrologiciel ONU' },
          rule: { en: 'Wrong firmware', fr: 'Mauvais micrologiciel' },
          variant: { en: 'XGS PON optics', fr: null },
        },
      },
    };
    const { unmount } = await renderApp(<GradeChip grading={wrong} testId="fw" />, { path: '/fr' });
    const french = screen.getByTestId('fw').getAttribute('aria-label')!;
    expect(french).toContain('variante XGS PON optics');
    expect(french).toMatch(/ — Micrologiciel ONU : Mauvais micrologiciel$/);
    expect(french).not.toContain('Wrong firmware');
    unmount();
    await renderApp(<GradeChip grading={wrong} testId="fw" />);
    expect(screen.getByTestId('fw').getAttribute('aria-label')).toBe(
      '1: fail, rule GPON-firmware-WRONG (variant XGS PON optics): x = 1 — ONU firmware: Wrong firmware',
    );
  });

  it('when there is no measurement, then the chip is "-" and says there is none', async () => {
    await renderApp(<GradeChip grading={ungraded(null, 'dBm')} testId="none" />);
    expect(screen.getByTestId('none').textContent).toBe('-');
    expect(screen.getByTestId('none').getAttribute('aria-label')).toBe('No measurement');
  });

  it('when a status is shown, then it is a word with its icon, never colour alone', async () => {
    await renderApp(<StatusChip grade="fail" label="offline" />);
    const chip = screen.getByText('offline').closest('.MuiChip-root')!;
    expect(chip.querySelector('svg[data-testid=ErrorIcon]')).not.toBeNull();
  });

  it("when a grade chip is reached by the keyboard, then it is ringed in the theme's colour (MUI's chip draws no outline)", async () => {
    await renderApp(<GradeChip grading={warn} testId="rx" />);
    const chip = screen.getByTestId('rx');
    await userEvent.tab();
    expect(document.activeElement).toBe(chip);
    const classes = [...chip.classList].filter((name) => name.startsWith('css-'));
    const rules = [...document.querySelectorAll('style')].flatMap((style) =>
      [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText),
    );
    const ring = rules.find(
      (rule) =>
        classes.some((name) => rule.startsWith(`.${name}:focus-visible`)) && /outline: 2px solid/.test(rule),
    );
    expect(ring).toMatch(/#0b57d0|rgb\(11, 87, 208\)/);
  });
});
