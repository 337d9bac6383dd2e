import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../testing/render';
import { Hint, TOUCH_HOLD_MS } from './hint';

/** A second hint beside the one tested, hovered after it: once its hint shows, any other would show too. */
const control = (
  <Hint title="Control hint">
    <button type="button">control</button>
  </Hint>
);
/** Hovers the control and waits for its hint; the texts of every hint then shown. */
async function controlShown() {
  fireEvent.mouseEnter(screen.getByRole('button', { name: 'control' }));
  await screen.findByText('Control hint');
  return screen.queryAllByRole('tooltip').map((tooltip) => tooltip.textContent);
}

describe('Hint', () => {
  afterEach(() => vi.useRealTimers());

  it('when the pointer rests on the element, then the hint shows (its code loaded then), and goes when the pointer leaves', async () => {
    await renderWithTheme(
      <Hint title="Copy the MAC">
        <button type="button" aria-label="Copy">
          c
        </button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'Copy' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Copy the MAC');
    fireEvent.mouseLeave(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('when Escape is pressed, then the hint closes; the element keeps its own name and handlers', async () => {
    const onMouseEnter = vi.fn();
    await renderWithTheme(
      <Hint title="Refresh this section">
        <button type="button" aria-label="Refresh WAN" onMouseEnter={onMouseEnter}>
          r
        </button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'Refresh WAN' });
    fireEvent.mouseEnter(button);
    await screen.findByRole('tooltip');
    expect(onMouseEnter).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('when a finger rests on the element, then the hint shows after the hold; a short tap shows nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderWithTheme(
      <Hint title="Receive power within range">
        <span tabIndex={0}>−18 dBm</span>
      </Hint>,
    );
    const chip = screen.getByText('−18 dBm');
    fireEvent.touchStart(chip);
    act(() => vi.advanceTimersByTime(100));
    fireEvent.touchEnd(chip);
    act(() => vi.advanceTimersByTime(TOUCH_HOLD_MS));
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.touchStart(chip);
    act(() => vi.advanceTimersByTime(TOUCH_HOLD_MS));
    vi.useRealTimers();
    expect((await screen.findByRole('tooltip')).textContent).toBe('Receive power within range');
  });

  it('when a phone taps the element (the browser then emulates the mouse), then no hint shows', async () => {
    await renderWithTheme(
      <>
        <Hint title="Experience 4/5">
          <span tabIndex={0}>score</span>
        </Hint>
        {control}
      </>,
    );
    const chip = screen.getByText('score');
    fireEvent.touchStart(chip);
    fireEvent.touchEnd(chip);
    fireEvent.mouseEnter(chip);
    expect(await controlShown()).toEqual(['Control hint']);
  });

  it('when the hint has no text, then hovering records nothing and shows nothing', async () => {
    await renderWithTheme(
      <>
        <Hint title={null}>
          <button type="button">Collapse</button>
        </Hint>
        {control}
      </>,
    );
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Collapse' }));
    expect(await controlShown()).toEqual(['Control hint']);
  });
});
