import { Chip, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { crmWebhookFieldsSchema, type CrmWebhookDocument } from '@insight/common/crm-webhooks';
import { AdminList, type ListForm } from '../../../components/admin/admin-list';
import { NoAccessPage } from '../../../components/errors/no-access-page';
import { useDateCells } from '../../../lib/date';
import type { WithId } from '../../../lib/firestore-hooks';
import { deleteCrmWebhook, newSecret, saveCrmWebhook, useCrmWebhooks } from '../api/crm-webhooks';

type Row = WithId<CrmWebhookDocument>;
type Schema = typeof crmWebhookFieldsSchema;

/**
 * /net-manage/crm-webhooks: where the outage notifications go (docs/outages.md, "Notifications"): a name,
 * the URL, the secret they are signed with, and whether it is enabled. Engineering only (adminWrite): the
 * rows hold the secrets, so other roles see the no-access page, and the list is not read for them.
 */
export function CrmWebhooksPage({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('admin');
  const list = useCrmWebhooks(canWrite);
  const dateCells = useDateCells();
  if (!canWrite) return <NoAccessPage />;

  const columns: Array<GridColDef<Row>> = [
    { field: 'id', headerName: t('crmWebhooks.fields.webhookId'), minWidth: 140 },
    { field: 'name', headerName: t('crmWebhooks.fields.name'), minWidth: 180, flex: 1 },
    { field: 'url', headerName: t('crmWebhooks.fields.url'), minWidth: 260, flex: 1.5 },
    {
      field: 'enabled',
      headerName: t('crmWebhooks.fields.enabled'),
      minWidth: 120,
      valueGetter: (_value, row) => (row.enabled ? t('crmWebhooks.on') : t('crmWebhooks.off')),
      renderCell: ({ row }) => (
        <Chip
          size="small"
          color={row.enabled ? 'success' : 'default'}
          label={row.enabled ? t('crmWebhooks.on') : t('crmWebhooks.off')}
        />
      ),
    },
    {
      field: 'updatedAt',
      headerName: t('crmWebhooks.fields.updatedAt'),
      type: 'dateTime',
      getApplyQuickFilterFn: undefined,
      minWidth: 160,
      ...dateCells,
    },
    { field: 'updatedBy', headerName: t('crmWebhooks.fields.updatedBy'), minWidth: 130 },
  ];
  const form: ListForm<Row, Schema> = {
    schema: crmWebhookFieldsSchema,
    key: 'webhookId',
    fields: [
      { name: 'webhookId', label: t('crmWebhooks.fields.webhookId'), helperText: t('crmWebhooks.idHelp') },
      { name: 'name', label: t('crmWebhooks.fields.name') },
      { name: 'url', label: t('crmWebhooks.fields.url'), helperText: t('crmWebhooks.urlHelp'), wide: true },
      {
        name: 'secret',
        label: t('crmWebhooks.fields.secret'),
        helperText: t('crmWebhooks.secretHelp'),
        wide: true,
      },
      { name: 'enabled', label: t('crmWebhooks.fields.enabled'), kind: 'checkbox' },
    ],
    defaults: (row) =>
      row
        ? { webhookId: row.id, name: row.name, url: row.url, secret: row.secret, enabled: row.enabled }
        : { webhookId: '', name: '', url: 'https://', secret: newSecret(), enabled: true },
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" data-testid="crm-webhooks-help">
        {t('crmWebhooks.help')}
      </Typography>
      <AdminList<Row, Schema>
        label={t('crmWebhooks.title')}
        testId="crm-webhooks-table"
        dialogTestId="crm-webhooks-dialog"
        list={list}
        columns={columns}
        canWrite={canWrite}
        addLabel={t('crmWebhooks.add')}
        editTitle={(row) => t('crmWebhooks.edit', { id: row.id })}
        describe={(row) => `${row.name} (${row.id})`}
        form={form}
        save={saveCrmWebhook}
        remove={(row) => deleteCrmWebhook(row.id)}
        csvFileName={false}
        phoneColumns={['name', 'enabled']}
      />
    </Stack>
  );
}
