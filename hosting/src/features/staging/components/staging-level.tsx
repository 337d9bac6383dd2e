import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { StagingList } from '@insight/common/staging-lists';
import { AdminTable } from '../../../components/admin/admin-table';
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog';
import { EditDialog, type FormField } from '../../../components/admin/edit-dialog';
import { dependentCount } from '../../../lib/admin-writes';
import { runWrite } from '../../../lib/write-error-store';
import { deleteStaging, saveStaging } from '../api/staging-lists';

type Row = { id: string; childCount?: number };
type Editing<R> = { mode: 'add' } | { mode: 'edit'; row: R } | null;
type FormSchema = z.ZodType<{ id: string } & Record<string, unknown>, Record<string, unknown>>;

/**
 * One level of the generic staging tree (warehouses, racks, host devices, connected devices): the admin
 * kit's table, edit dialog and delete confirmation on one list. A row that still holds others is not
 * deleted: the dialog says what it holds (the rules refuse it too).
 */
export function StagingLevel<R extends Row>({
  list,
  title,
  rows,
  existingIds,
  columns,
  fields,
  schema,
  defaults,
  describe,
  canWrite,
  loading,
  error,
  selectedId,
  onSelect,
  flagged,
  empty,
  height = 300,
  testId,
}: {
  list: StagingList;
  title: string;
  rows: readonly R[];
  /** Every id of the list (not only the rows shown): a new id that exists updates that row. */
  existingIds: ReadonlySet<string>;
  columns: ReadonlyArray<GridColDef<R>>;
  fields(editing: 'add' | 'edit'): FormField[];
  schema: FormSchema;
  /** The form's values: of a row being edited, or of a new one (e.g. under the selected parent). */
  defaults(row: R | null): Record<string, unknown>;
  /** A row in words, for the delete confirmation and the refusal. */
  describe(row: R): string;
  canWrite: boolean;
  loading: boolean;
  error: string | null;
  selectedId?: string | null;
  onSelect?(row: R): void;
  flagged?: ReadonlyMap<string, number>;
  /** Shown above the table when it has nothing to show (e.g. 'Choose a warehouse'). */
  empty?: string;
  height?: number;
  testId: string;
}) {
  const { t } = useTranslation('staging');
  const [editing, setEditing] = useState<Editing<R>>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  // A delete refused: the row and how many rows it holds (the server's count when it answered 409).
  const [refused, setRefused] = useState<{ row: R; count: number } | null>(null);

  return (
    <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }} data-testid={`${testId}-title`}>
        {title}
      </Typography>
      <AdminTable<R>
        label={title}
        testId={testId}
        rows={rows}
        columns={columns}
        loading={loading}
        error={error}
        canWrite={canWrite}
        addLabel={t(`generic.add.${list}`)}
        onAdd={() => setEditing({ mode: 'add' })}
        onEdit={(row) => setEditing({ mode: 'edit', row })}
        // The kept count is a first hint; the server has the last word (409 inUse, below).
        onDelete={(row) =>
          (row.childCount ?? 0) > 0 ? setRefused({ row, count: row.childCount ?? 0 }) : setDeleting(row)
        }
        csvFileName={`insight-staging-${list}`}
        onRowClick={onSelect}
        selectedId={selectedId}
        flagged={flagged}
        height={height}
        actions={empty ? <span data-testid={`${testId}-hint`}>{empty}</span> : undefined}
      />
      <EditDialog
        open={editing !== null}
        title={
          editing?.mode === 'edit'
            ? t('generic.edit', { item: describe(editing.row) })
            : t(`generic.add.${list}`)
        }
        schema={schema}
        defaultValues={defaults(editing?.mode === 'edit' ? editing.row : null)}
        fields={fields(editing?.mode ?? 'add')}
        notice={(values) =>
          editing?.mode === 'add' && existingIds.has(String(values.id ?? '').trim())
            ? t('generic.idExists')
            : null
        }
        onSubmit={({ id, ...values }) => runWrite(() => saveStaging(list, id, values))}
        onClose={() => setEditing(null)}
        testId={`${testId}-dialog`}
      />
      <ConfirmDeleteDialog
        item={deleting ? describe(deleting) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const row = deleting;
          const done = await runWrite(() => deleteStaging(list, row.id), {
            onConflict: (conflict) => {
              if (conflict.reason !== 'inUse') return false;
              setDeleting(null);
              setRefused({ row, count: dependentCount(conflict) });
              return true;
            },
          });
          if (done) setDeleting(null);
        }}
      />
      <Dialog open={refused !== null} onClose={() => setRefused(null)} data-testid="holds-dialog">
        <DialogTitle>{t('generic.cannotDelete')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {refused && t(`generic.holds.${list}`, { item: describe(refused.row), count: refused.count })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRefused(null)} autoFocus>
            {t('generic.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
