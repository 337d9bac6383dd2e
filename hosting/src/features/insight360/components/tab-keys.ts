/**
 * The 360 view's tabs, in order (the first is the default): the keys alone, so that the view's first
 * chunk (the findings and the summary) does not carry the panels (view-tabs.tsx).
 */
export const TAB_KEYS = [
  'overview',
  'internet',
  'lan',
  'wan',
  'voice',
  'modem',
  'network',
  'voip',
  'epico',
  'tivo',
  'legacy',
  'account',
  'bc',
] as const;

export type TabKey = (typeof TAB_KEYS)[number];
