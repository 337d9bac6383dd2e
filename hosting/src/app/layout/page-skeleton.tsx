import { Box, Skeleton } from '@mui/material';

/**
 * What the prerendered HTML shows in place of a page it cannot know at build time (a signed-in page, or
 * any path but the landing) until the app takes over: a title and two cards, hidden from assistive
 * technologies.
 */
export function PageSkeleton() {
  return (
    <Box aria-hidden="true" data-testid="page-skeleton" sx={{ maxWidth: 1100 }}>
      <Skeleton variant="text" sx={{ fontSize: '2rem', width: '40%', maxWidth: 360 }} />
      <Skeleton variant="rounded" height={96} sx={{ mt: 2 }} />
      <Skeleton variant="rounded" height={240} sx={{ mt: 2 }} />
    </Box>
  );
}
