import type { Capability } from '@insight/common/roles';

/** The tools a user may reach, filtered by the capability matrix (home page cards). */
export const TOOLS: ReadonlyArray<{
  key:
    | 'insight360'
    | 'plumeStage'
    | 'onuStage'
    | 'genericStage'
    | 'netManage'
    | 'threshold'
    | 'permissions'
    | 'audit';
  path: string;
  capability: Capability;
}> = [
  { key: 'insight360', path: '/i/mac/enter-mac', capability: 'view360' },
  { key: 'plumeStage', path: '/plume-stage', capability: 'staging' },
  { key: 'onuStage', path: '/onu-stage', capability: 'staging' },
  { key: 'genericStage', path: '/juniper-stage', capability: 'staging' },
  { key: 'netManage', path: '/net-manage', capability: 'adminRead' },
  { key: 'threshold', path: '/threshold', capability: 'adminRead' },
  { key: 'permissions', path: '/permissions', capability: 'view360' },
  { key: 'audit', path: '/audit', capability: 'auditRead' },
];
