import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

export interface Field {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** Label / value pairs in a responsive grid (a description list for assistive technology). */
export function FieldList({ fields, columns = 2 }: { fields: Field[]; columns?: 1 | 2 | 3 }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, minmax(0, 1fr))` },
        columnGap: 3,
        rowGap: 1.25,
      }}
    >
      {fields.map((field) => (
        <Box key={field.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {field.label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, overflowWrap: 'anywhere' }}
            data-testid={field.testId}
          >
            {field.value ?? '-'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
