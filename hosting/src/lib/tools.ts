/** The tools the home page offers (derived from the page registry in app/pages.tsx). */
export type ToolKey =
  | 'insight360'
  | 'plumeStage'
  | 'onuStage'
  | 'genericStage'
  | 'netManage'
  | 'threshold'
  | 'permissions'
  | 'audit'
  | 'outages';

export interface Tool {
  key: ToolKey;
  path: string;
}
