import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

/** What a screen shows when it fails to render. */
export function ScreenError() {
  const { t } = useTranslation('errors');
  return <StatusPage status={500} message={t('generic')} action="reload" />;
}
