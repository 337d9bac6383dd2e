import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { VoiceSection, WanSection } from '@insight/common/customer360';
import { formatMac } from '@insight/common/mac';
import { ExternalLinkButton } from '../../../components/external-link-button';
import { FieldList } from '../../../components/field-list';

/** VoIP: the MTA and the ATA with its ports, and the link to the VoIP templates. */
export function VoipPanel({
  wan,
  voice,
  templateUrl,
}: {
  wan: WanSection;
  voice: VoiceSection | undefined;
  /** Null while the links load. */
  templateUrl: string | null;
}) {
  const { t } = useTranslation('insight360');
  const mta = wan.details.cpeMacs.find((cpe) => cpe.type === 'mta');
  return (
    <Stack spacing={2}>
      <FieldList
        columns={3}
        fields={[
          { label: t('voip.mtaIp'), value: mta?.ip ?? '-' },
          { label: 'MTA MAC', value: mta ? formatMac(mta.mac) : '-' },
          {
            label: t('voice.ata'),
            value: voice?.subscriber
              ? `${voice.subscriber.ata.model} (${t(`status.${voice.subscriber.ata.status}`)})`
              : t('voice.noVoice'),
          },
          { label: t('voice.ports'), value: String(voice?.subscriber?.ports.length ?? 0) },
        ]}
      />
      <div>
        <ExternalLinkButton size="small" variant="outlined" label={t('voip.template')} href={templateUrl} />
      </div>
    </Stack>
  );
}
