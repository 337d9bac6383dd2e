import { useTranslation } from 'react-i18next';
import { SectionTabs } from '../../../components/section-tabs';
import PlaceholderPage from '../../placeholder/components/placeholder-page';

const CHILDREN = { '': 'cmtsSource', 'head-end': 'headEnd', 'market-area': 'marketArea' } as const;

/** /net-manage: default child '' shows the CMTS source; children head-end and market-area. */
export default function NetManagePage() {
  const { t } = useTranslation();
  return (
    <SectionTabs title={t('nav.netManage')} base="/net-manage" childPages={CHILDREN}>
      {(_child, page) => <PlaceholderPage page={page} />}
    </SectionTabs>
  );
}
