import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SampleAdminList } from './sample-admin-list';
import { SampleChips, SampleSectionCards } from './sample-cards';
import { SampleOperation, SampleWriteError } from './sample-feedback';
import { SampleSection } from './sample-section';

/**
 * /sample (engineering only): the shared components on demo data, the living example for new pages.
 * Nothing here reads or writes the database or calls the API.
 */
export default function SamplePage() {
  const { t } = useTranslation('admin');
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <div>
        <Typography variant="h5" component="h1">
          {t('sample.title')}
        </Typography>
        <Typography color="text.secondary">{t('sample.intro')}</Typography>
      </div>
      <SampleSection
        title={t('sample.adminList.title')}
        body={t('sample.adminList.body')}
        testId="sample-admin"
      >
        <SampleAdminList />
      </SampleSection>
      <SampleSection title={t('sample.cards.title')} body={t('sample.cards.body')} testId="sample-cards">
        <SampleSectionCards />
      </SampleSection>
      <SampleSection title={t('sample.chips.title')} body={t('sample.chips.body')} testId="sample-chips">
        <SampleChips />
      </SampleSection>
      <SampleSection
        title={t('sample.writeError.title')}
        body={t('sample.writeError.body')}
        testId="sample-feedback"
      >
        <SampleWriteError />
      </SampleSection>
      <SampleSection
        title={t('sample.operation.title')}
        body={t('sample.operation.body')}
        testId="sample-operations"
      >
        <SampleOperation />
      </SampleSection>
    </Stack>
  );
}
