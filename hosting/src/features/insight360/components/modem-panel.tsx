import { useTranslation } from 'react-i18next';
import type { LanSection, WanSection } from '@insight/common/customer360';
import { formatMac } from '@insight/common/mac';
import { FieldList } from '../../../components/field-list';

/** Modem: the ONU's model, vendor, serial number and firmware, and the Wi-Fi gateway when the LAN answered. */
export function ModemPanel({ wan, lan }: { wan: WanSection; lan: LanSection | undefined }) {
  const { t } = useTranslation('insight360');
  return (
    <FieldList
      columns={3}
      fields={[
        { label: t('wan.model'), value: wan.details.model },
        { label: t('modem.vendor'), value: wan.details.vendor },
        { label: t('modem.serialNumber'), value: wan.details.serialNumber, testId: 'modem-serial' },
        { label: t('modem.networkType'), value: wan.details.networkType },
        { label: t('wan.current'), value: wan.firmware.current },
        { label: 'MAC', value: formatMac(wan.details.mac) },
        ...(lan ? [{ label: t('lan.gateway'), value: `${lan.gateway.model} · ${lan.gateway.lanIp}` }] : []),
      ]}
    />
  );
}
