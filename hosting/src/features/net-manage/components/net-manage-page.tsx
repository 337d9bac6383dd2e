import { can } from '@insight/common/roles';
import { useAuth } from '../../../providers/auth-provider';
import { AreaPage } from './area-page';
import { CmtsPage } from './cmts-page';
import { CrmWebhooksPage } from './crm-webhooks-page';

/**
 * /net-manage: child '' is the CMTS source, 'head-end' and 'market-area' the lists it refers to,
 * 'crm-webhooks' where the outage notifications go (engineering only).
 */
export default function NetManagePage({ child = '' }: { child?: string }) {
  const { state } = useAuth();
  const canWrite = can(state.status === 'signedIn' ? state.user.roles : [], 'adminWrite');
  if (child === '') return <CmtsPage canWrite={canWrite} />;
  if (child === 'crm-webhooks') return <CrmWebhooksPage canWrite={canWrite} />;
  return <AreaPage key={child} kind={child === 'head-end' ? 'headEnd' : 'marketArea'} canWrite={canWrite} />;
}
