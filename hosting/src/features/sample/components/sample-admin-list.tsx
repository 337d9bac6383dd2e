import { useState } from 'react';
import { FormControlLabel, Switch, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { areaFieldsSchema, idSchema } from '@insight/common/network';
import { AdminTable } from '../../../components/admin/admin-table';
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog';
import { EditDialog, type FormField } from '../../../components/admin/edit-dialog';
import { notifyDataUpdated } from '../../../lib/snackbar-store';
import { runWrite } from '../../../lib/write-error-store';
import { DEMO_AREAS, DEMO_DATABASE_MESSAGE, type DemoArea } from './demo-data';

const TABLE_STATES = ['rows', 'loading', 'empty', 'error', 'readOnly'] as const;
type TableState = (typeof TABLE_STATES)[number];
type Editing = { mode: 'add' } | { mode: 'edit'; row: DemoArea } | null;

const formSchema = areaFieldsSchema.extend({ id: idSchema });

/** A demo write: the database's refusal when saves are set to fail, else a short wait. */
const demoWrite = (fail: boolean) => () =>
  fail
    ? Promise.reject(new Error(DEMO_DATABASE_MESSAGE))
    : new Promise<void>((resolve) => setTimeout(resolve, 300));

/**
 * The admin kit as every admin list uses it (see net-manage's area-page.tsx for one on Firestore): the
 * table, the edit dialog on the list's schema, the delete confirmation, writes through runWrite.
 */
export function SampleAdminList() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const [rows, setRows] = useState<readonly DemoArea[]>(DEMO_AREAS);
  const [state, setState] = useState<TableState>('rows');
  const [savesFail, setSavesFail] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<DemoArea | null>(null);

  const columns: Array<GridColDef<DemoArea>> = [
    { field: 'id', headerName: t('sample.fields.code'), minWidth: 140 },
    { field: 'name', headerName: t('sample.fields.name'), minWidth: 200, flex: 1 },
    { field: 'devices', headerName: t('sample.fields.devices'), type: 'number', minWidth: 120 },
  ];
  const fields: FormField[] = [
    { name: 'id', label: t('sample.fields.code'), disabled: editing?.mode === 'edit' },
    { name: 'name', label: t('sample.fields.name') },
  ];
  const save = async ({ id, name }: z.output<typeof formSchema>) => {
    const saved = await runWrite(demoWrite(savesFail));
    if (saved) {
      setRows((current) => {
        const devices = current.find((row) => row.id === id)?.devices ?? 0;
        return [...current.filter((row) => row.id !== id), { id, name, devices }];
      });
      notifyDataUpdated();
    }
    return saved;
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
      <AdminTable<DemoArea>
        label={t('sample.adminList.title')}
        testId="sample-table"
        rows={state === 'rows' || state === 'readOnly' ? rows : []}
        columns={columns}
        loading={state === 'loading'}
        error={state === 'error' ? DEMO_DATABASE_MESSAGE : null}
        canWrite={state !== 'readOnly'}
        addLabel={t('sample.adminList.add')}
        onAdd={() => setEditing({ mode: 'add' })}
        onEdit={(row) => setEditing({ mode: 'edit', row })}
        onDelete={setDeleting}
        csvFileName="insight-sample"
      />
      <EditDialog
        open={editing !== null}
        title={
          editing?.mode === 'edit'
            ? t('sample.adminList.edit', { id: editing.row.id })
            : t('sample.adminList.add')
        }
        schema={formSchema}
        defaultValues={
          editing?.mode === 'edit' ? { id: editing.row.id, name: editing.row.name } : { id: '', name: '' }
        }
        fields={fields}
        notice={(values) =>
          editing?.mode === 'add' && rows.some((row) => row.id === String(values.id ?? '').trim())
            ? tc('validation.idExists')
            : null
        }
        onSubmit={save}
        onClose={() => setEditing(null)}
        testId="sample-dialog"
      />
      <ConfirmDeleteDialog
        item={deleting ? `${deleting.name} (${deleting.id})` : null}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting || !(await runWrite(demoWrite(savesFail)))) return;
          setRows((current) => current.filter((row) => row.id !== deleting.id));
          setDeleting(null);
        }}
      />
    </>
  );
}
