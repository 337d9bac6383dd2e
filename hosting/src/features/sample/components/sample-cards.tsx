import { useEffect, useState } from 'react';
import { Box, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FieldList } from '../../../components/field-list';
import { GradeChip, StatusChip } from '../../../components/grade-chip';
import { SectionCard, type SectionState } from '../../../components/section-card';
import { DEMO_GRADES, DEMO_TIMEOUT, demoFetched, DEMO_DEVICE } from './demo-data';

type Device = typeof DEMO_DEVICE;
const INITIAL: ReadonlyArray<SectionState<Device>> = [
  { isLoading: true },
  { isLoading: false, error: DEMO_TIMEOUT },
  { isLoading: false, data: demoFetched() },
];

/** SectionCard in each of its states; a refresh or a retry loads for a second, then shows the data. */
export function SampleSectionCards() {
  const { t } = useTranslation('admin');
  const [states, setStates] = useState(INITIAL);
  const [reloading, setReloading] = useState<number | null>(null);
  useEffect(() => {
    if (reloading === null) return;
    const timer = setTimeout(() => {
      setStates((current) =>
        current.map((state, i) => (i === reloading ? { isLoading: false, data: demoFetched() } : state)),
      );
      setReloading(null);
    }, 1000);
    return () => clearTimeout(timer);
  }, [reloading]);
  const refresh = (index: number) => {
    setStates((current) => current.map((state, i) => (i === index ? { isLoading: true } : state)));
    setReloading(index);
  };
  const titles = [t('sample.cards.loading'), t('sample.cards.error'), t('sample.cards.ready')];
  return (
    <>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}
      >
        {states.map((state, index) => (
          <SectionCard<Device>
            key={titles[index]}
            title={titles[index]!}
            name={t('sample.cards.name')}
            state={state}
            onRefresh={() => refresh(index)}
            testId={`sample-card-${index}`}
          >
            {(device) => (
              <FieldList
                columns={1}
                fields={[
                  { label: t('sample.cards.model'), value: device.model },
                  { label: t('sample.cards.firmware'), value: device.firmware },
                  { label: t('sample.cards.networkGroup'), value: device.networkGroup },
                  { label: t('sample.cards.rxPower'), value: <GradeChip grading={DEMO_GRADES[0]!} /> },
                ]}
              />
            )}
          </SectionCard>
        ))}
      </Box>
      <div>
        <Button
          size="small"
          onClick={() => (setReloading(null), setStates(INITIAL))}
          data-testid="sample-cards-again"
        >
          {t('sample.cards.again')}
        </Button>
      </div>
    </>
  );
}

/** GradeChip for each grade (the reason on hover and for screen readers) and StatusChip for status words. */
export function SampleChips() {
  const { t } = useTranslation('insight360');
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="sample-grades">
        {DEMO_GRADES.map((grading) => (
          <GradeChip key={grading.grade} grading={grading} testId={`sample-grade-${grading.grade}`} />
        ))}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="sample-statuses">
        <StatusChip grade="pass" label={t('status.online')} />
        <StatusChip grade="fail" label={t('status.offline')} />
        <StatusChip grade="pass" />
        <StatusChip grade="warn" />
        <StatusChip grade="fail" />
        <StatusChip grade="n/a" />
      </Stack>
    </Stack>
  );
}
