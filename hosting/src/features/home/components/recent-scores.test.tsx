import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import HomePage from './home-page';

describe('recent lookups with their scores', () => {
  it('shows each device’s customer and score at its last look, in words for screen readers, and nothing for one never looked at', async () => {
    const { api } = await renderApp(<HomePage tools={[]} />, {
      user: { uid: 'u-scores', roles: ['support1'] },
      firestore: { recent_lookups: { 'u-scores': { macs: ['A4C1E8000010', '3C7A8A000011'] } } },
      api: {
        'GET /diagnosis/scores': ok({
          scores: {
            A4C1E8000010: { score: 2, at: '2026-11-20T14:00:00.000Z', customer: 'Jeanne Tremblay' },
          },
        }),
      },
    });
    const badge = await screen.findByTestId('recent-score-A4C1E8000010');
    expect(badge.getAttribute('data-score')).toBe('2');
    expect(badge.getAttribute('aria-label')).toContain('Experience 2 of 5');
    // The score's meaning and the time of the look, in view, not only a bare "2/5".
    expect(badge.textContent).toMatch(/^2\/5 · poor · looked at 11\/2\d\/26, \d\d:00 [AP]M$/);
    expect(screen.queryByTestId('recent-score-3C7A8A000011')).toBeNull();
    // Whom the look was of: the customer's name first, the MAC beside it, in the link to the view.
    const looked = screen.getByTestId('recent-A4C1E8000010');
    expect(looked.getAttribute('href')).toBe('/i/mac/A4C1E8000010');
    expect(looked.textContent).toMatch(/^Jeanne TremblayA4:C1:E8:00:00:102\/5 · poor · looked at /);
    // A device never looked at whole: its MAC alone, still a link.
    expect(screen.getByTestId('recent-3C7A8A000011').textContent).toBe('3C:7A:8A:00:00:11');
    // A list of list items, each holding its link (axe `list`, `listitem`).
    const items = [...screen.getByTestId('recent-lookups').children];
    expect(items.map((item) => item.tagName)).toEqual(['LI', 'LI']);
    // One read for the whole list.
    expect(api.called('GET', '/diagnosis/scores')).toHaveLength(1);
    expect(api.called('GET', '/diagnosis/scores')[0]!.query.get('macs')).toBe('A4C1E8000010,3C7A8A000011');
  });
});
