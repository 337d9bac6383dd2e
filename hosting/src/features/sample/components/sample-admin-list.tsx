import { useState } from 'react';
import { FormControlLabel, Switch, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { areaFieldsSchema, idSchema } from '@insight/common/network';
import { AdminList, type ListForm } from '../../../components/admin/admin-list';
import { notifyDataUpdated } from '../../../lib/snackbar-store';
import { DEMO_AREAS, DEMO_DATABASE_MESSAGE, type DemoArea } from './demo-data';

const TABLE_STATES = ['rows', 'loading', 'empty', 'error', 'readOnly'] as const;
type TableState = (typeof TABLE_STATES)[number];

const formSchema = areaFieldsSchema.extend({ id: idSchema });

/** A demo write: the database's refusal when saves are set to fail, else a short wait. */
const demoWrite = (fail: boolean) =>
  fail
    ? Promise.reject(new Error(DEMO_DATABASE_MESSAGE))
    : new Promise<void>((resolve) => setTimeout(resolve, 300));

/**
 * AdminList as every admin list uses it (see net-manage's area-page.tsx for one on Firestore): a schema,
 * columns, a form layout and the writes; here the rows are the page's own and the writes pretend.
 */
export function SampleAdminList() {
  const { t } = useTranslation('admin');
  const [rows, setRows] = useState<readonly DemoArea[]>(DEMO_AREAS);
  const [state, setState] = useState<TableState>('rows');
  const [savesFail, setSavesFail] = useState(false);

  const columns: Array<GridColDef<DemoArea>> = [
    { field: 'id', headerName: t('sample.fields.code'), minWidth: 140 },
    { field: 'name', headerName: t('sample.fields.name'), minWidth: 200, flex: 1 },
    { field: 'devices', headerName: t('sample.fields.devices'), type: 'number', minWidth: 120 },
  ];
  const form: ListForm<DemoArea, typeof formSchema> = {
    schema: formSchema,
    key: 'id',
    fields: [
      { name: 'id', label: t('sample.fields.code') },
      { name: 'name', label: t('sample.fields.name') },
    ],
    defaults: (row) => (row ? { id: row.id, name: row.name } : { id: '', name: '' }),
  };

  return (
    <>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={state}
        onChange={(_event, next: TableState | null) => next && setState(next)}
        aria-label={t('sample.adminList.state')}
        sx={{ flexWrap: 'wrap' }}
      >
        {TABLE_STATES.map((value) => (
          <ToggleButton key={value} value={value} data-testid={`sample-state-${value}`}>
            {t(`sample.adminList.states.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <FormControlLabel
        control={<Switch checked={savesFail} onChange={(event) => setSavesFail(event.target.checked)} />}
        label={t('sample.adminList.savesFail')}
        data-testid="sample-saves-fail"
      />
      <AdminList<DemoArea, typeof formSchema>
        label={t('sample.adminList.title')}
        testId="sample-table"
        dialogTestId="sample-dialog"
        list={{ rows, loading: state === 'loading', error: state === 'error' ? DEMO_DATABASE_MESSAGE : null }}
        rows={state === 'rows' || state === 'readOnly' ? rows : []}
        columns={columns}
        canWrite={state !== 'readOnly'}
        addLabel={t('sample.adminList.add')}
        editTitle={(row) => t('sample.adminList.edit', { id: row.id })}
        describe={(row) => `${row.name} (${row.id})`}
        form={form}
        save={async ({ id, name }) => {
          await demoWrite(savesFail);
          setRows((current) => {
            const devices = current.find((row) => row.id === id)?.devices ?? 0;
            return [...current.filter((row) => row.id !== id), { id, name, devices }];
          });
          notifyDataUpdated();
        }}
        remove={async (row) => {
          await demoWrite(savesFail);
          setRows((current) => current.filter((other) => other.id !== row.id));
        }}
        csvFileName="insight-sample"
      />
    </>
  );
}
