import { useTranslation } from 'react-i18next';
import { can } from '@insight/common/roles';
import { useAuth } from '../../../app/providers/auth-provider';
import { SectionTabs } from '../../../components/section-tabs';
import { AreaPage } from './area-page';
import { CmtsPage } from './cmts-page';

const CHILDREN = { '': 'cmtsSource', 'head-end': 'headEnd', 'market-area': 'marketArea' } as const;

/** /net-manage: default child '' shows the CMTS source; children head-end and market-area. */
export default function NetManagePage() {
  const { t } = useTranslation();
  const { state } = useAuth();
  const canWrite = can(state.status === 'signedIn' ? state.user.roles : [], 'adminWrite');
  return (
    <SectionTabs title={t('nav.netManage')} base="/net-manage" childPages={CHILDREN}>
      {(child) =>
        child === '' ? (
          <CmtsPage canWrite={canWrite} />
        ) : (
          <AreaPage key={child} kind={child === 'head-end' ? 'headEnd' : 'marketArea'} canWrite={canWrite} />
        )
      }
    </SectionTabs>
  );
}
