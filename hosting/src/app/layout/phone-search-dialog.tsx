import { Box, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

const GlobalSearchField = lazy(() =>
  import('../../features/search/components/global-search-field').then((module) => ({
    default: module.GlobalSearchField,
  })),
);

/** The search field over the page, on a phone (top-bar.tsx loads it when the search icon is pressed). */
export default function PhoneSearchDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth aria-labelledby="phone-search-title">
      <DialogTitle id="phone-search-title">{t('search.open')}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important', minHeight: 320 }}>
        <Suspense fallback={<Box sx={{ height: 40 }} />}>
          <GlobalSearchField id="phone-mac-search" />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
