import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../testing/render';
import { TableScroll } from './table-scroll';

/** jsdom lays nothing out: the frame's widths are what a browser would measure. */
function widths(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

const table = (
  <table aria-label="Voice ports">
    <tbody>
      <tr>
        <td>1</td>
      </tr>
    </tbody>
  </table>
);

describe('TableScroll', () => {
  afterEach(() => vi.restoreAllMocks());

  it('when the table is wider than its frame, then the frame is a named region that takes the focus', async () => {
    widths(640, 358);
    await renderWithTheme(<TableScroll label="Voice ports">{table}</TableScroll>);
    const region = screen.getByRole('region', { name: 'Voice ports' });
    expect(region.tabIndex).toBe(0);
    region.focus();
    expect(document.activeElement).toBe(region);
  });

  it('when the table fits, then the frame is no region and no tab stop', async () => {
    widths(358, 358);
    await renderWithTheme(<TableScroll label="Voice ports">{table}</TableScroll>);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table').parentElement!.hasAttribute('tabindex')).toBe(false);
  });
});
