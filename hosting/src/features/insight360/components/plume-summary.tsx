import { Chip, Link, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LanSection } from '@insight/common/customer360';
import { FieldList } from '../../../components/field-list';
import { ungraded } from '@insight/common/threshold-grading';
import { GradeChip } from '../../../components/grade-chip';

/** Plume health, licence, links and SSIDs. */
export function PlumeSummary({ lan }: { lan: LanSection }) {
  const { t } = useTranslation('insight360');
  const { plume } = lan;
  return (
    <FieldList
      columns={3}
      fields={[
        {
          label: t('lan.health'),
          value: (
            <GradeChip
              grading={lan.grades?.plumeHealth ?? ungraded(plume.health.score)}
              label={t('lan.healthScore', { score: plume.health.score })}
              testId="grade-plume-health"
            />
          ),
          testId: 'plume-health',
        },
        {
          label: t('lan.license'),
          value: `${plume.license.type} · ${t(`lan.values.${plume.license.status}`)}`,
        },
        { label: t('lan.location'), value: plume.locationId },
        {
          label: t('lan.login'),
          value: (
            <Link href={plume.loginUrl} target="_blank" rel="noopener noreferrer">
              {t('lan.login')}
            </Link>
          ),
        },
        {
          label: t('lan.frontline'),
          value: (
            <Link href={plume.frontlineUrl} target="_blank" rel="noopener noreferrer">
              {t('lan.frontline')}
            </Link>
          ),
        },
        {
          label: t('lan.ssids'),
          value: (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {lan.ssids.map((ssid) => (
                <Chip
                  key={ssid.name}
                  size="small"
                  variant="outlined"
                  label={`${ssid.name} (${ssid.band}) · ${ssid.enabled ? t('lan.ssidEnabled') : t('lan.ssidDisabled')}`}
                />
              ))}
            </Stack>
          ),
        },
        { label: t('lan.pods'), value: String(lan.pods.length), testId: 'pod-count' },
        { label: t('lan.clients'), value: String(lan.clients.length), testId: 'client-count' },
      ]}
    />
  );
}
