import type { ReactNode } from 'react';
import { Paper, Stack, Typography } from '@mui/material';

interface Props {
  title: string;
  /** When to use the components shown, and where they live. */
  body: string;
  children: ReactNode;
  testId: string;
}

/** One part of /sample: a heading, what the components are for, and the components on demo data. */
export function SampleSection({ title, body, children, testId }: Props) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${testId}-title`}
      sx={{ p: 2 }}
      data-testid={testId}
    >
      <Stack spacing={2}>
        <div>
          <Typography variant="h6" component="h2" id={`${testId}-title`}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {body}
          </Typography>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
