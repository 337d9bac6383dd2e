import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { SectionTabs } from '../../../components/section-tabs';
import NotFoundPage from '../../errors/components/not-found-page';
import PlaceholderPage from '../../placeholder/components/placeholder-page';

const CHILDREN = { '': 'cmtsSource', 'head-end': 'headEnd', 'market-area': 'marketArea' } as const;

/** /net-manage: default child '' shows the CMTS source; children head-end and market-area. */
export default function NetManagePage() {
  const { t } = useTranslation();
  const { child = '' } = useParams<{ child?: string }>();
  if (!Object.hasOwn(CHILDREN, child)) return <NotFoundPage />;
  const page = CHILDREN[child as keyof typeof CHILDREN];
  return (
    <SectionTabs
      title={t('nav.netManage')}
      current={child ? `/net-manage/${child}` : '/net-manage'}
      tabs={Object.entries(CHILDREN).map(([path, key]) => ({
        path: path ? `/net-manage/${path}` : '/net-manage',
        label: t(`pages.${key}`),
      }))}
    >
      <PlaceholderPage page={page} />
    </SectionTabs>
  );
}
