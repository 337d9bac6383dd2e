import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { ExternalLinkButton } from './external-link-button';

describe('ExternalLinkButton', () => {
  it('when it has an address (French), then it opens in a new tab without opener or referrer and says so', async () => {
    await renderApp(<ExternalLinkButton label="Compass" href="https://compass.test/x" testId="l" />, {
      path: '/fr',
    });
    const link = screen.getByTestId('l');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('https://compass.test/x');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('aria-label')).toBe("Compass (s'ouvre dans un nouvel onglet)");
  });

  it('when it has no address, then it is a disabled button that leads nowhere', async () => {
    await renderApp(<ExternalLinkButton label="Compass" href={null} testId="l" />);
    expect(screen.getByTestId('l').tagName).toBe('BUTTON');
    expect(screen.getByTestId('l')).toHaveProperty('disabled', true);
  });
});
