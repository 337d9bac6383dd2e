import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export function NoAccessPage() {
  const { t } = useTranslation('errors');
  return <StatusPage status={403} message={t('noAccess')} hint={t('noAccessHint')} />;
}
