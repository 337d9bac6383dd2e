/** The layout on a phone (390 px): the search from an icon, notices folded to one line. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FoldedNotice } from '../../components/folded-notice';
import { renderApp } from '../../testing/render-app';
import { TopBar } from './top-bar';

let width = 0;
beforeEach(() => {
  width = window.innerWidth;
  window.innerWidth = 390;
});
afterEach(() => {
  window.innerWidth = width;
});

describe('the layout on a phone', () => {
  it('when the search icon of the top bar is pressed, then the search field opens', async () => {
    await renderApp(<TopBar isPhone onOpenMenu={() => undefined} />, { user: { roles: ['support1'] } });
    await userEvent.click(screen.getByTestId('phone-search'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.querySelector('input')).not.toBeNull());
  });

  it('when the signed-in user has no role, then the top bar offers no search (it would open only the no-access page)', async () => {
    await renderApp(<TopBar isPhone onOpenMenu={() => undefined} />, { user: { roles: [] } });
    expect(screen.getByTestId('language-toggle')).toBeTruthy();
    expect(screen.queryByTestId('phone-search')).toBeNull();
  });

  it('when a notice is shown, then it is folded to one line that unfolds on demand', async () => {
    await renderApp(<FoldedNotice testId="notice">Network Access Required</FoldedNotice>);
    const notice = screen.getByTestId('notice');
    expect(notice.getAttribute('data-folded')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(notice.getAttribute('data-folded')).toBe('false');
  });
});
