import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { StatusPage } from '../components/errors/status-page';
import { checkAtNavigation, useReloadNeeded } from '../lib/deployment';

const reload = () =>
  void import('../lib/service-worker')
    .then(({ reloadWithNewWorker }) => reloadWithNewWorker())
    .catch(() => window.location.reload());

/**
 * At each navigation inside the app, asks whether a newer deployment has replaced this page's code
 * (lib/deployment.ts); once one has, shows "Please reload the page." with Reload in place of the page.
 */
export function DeploymentGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('errors');
  const [location] = useLocation();
  const needed = useReloadNeeded();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    checkAtNavigation();
    void import('../lib/service-worker')
      .then(({ checkForNewWorker }) => checkForNewWorker())
      .catch(() => undefined);
  }, [location]);
  if (needed)
    return (
      <div data-testid="reload-needed">
        <StatusPage status={null} message={t('reload')} action="reload" onReload={reload} />
      </div>
    );
  return children;
}
