import { Stack, Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { AppLink } from './app-link';

interface Props {
  title: string;
  tabs: ReadonlyArray<{ path: string; label: string }>;
  current: string;
  children: ReactNode;
}

/** A page with child routes shown as linked tabs (e.g. /net-manage, /net-manage/head-end). */
export function SectionTabs({ title, tabs, current, children }: Props) {
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Tabs value={current} variant="scrollable" allowScrollButtonsMobile aria-label={title}>
        {tabs.map((tab) => (
          <Tab key={tab.path} value={tab.path} label={tab.label} component={AppLink} href={tab.path} />
        ))}
      </Tabs>
      {children}
    </Stack>
  );
}
