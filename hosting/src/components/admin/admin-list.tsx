import { useMemo, useState, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { AdminListId } from '@insight/common/admin-lists';
import { dependentCount, dependentsOf } from '../../lib/admin-writes';
import { runWrite } from '../../lib/write-error-store';
import { AdminTable, type AdminTableProps } from './admin-table';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { EditDialog, type FormField } from './edit-dialog';
import { InUseDialog, type InUseRefusal } from './in-use-dialog';

export type AdminRow = GridValidRowModel & { id: string };
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** The row being edited, a new one being added, or neither. */
export type Editing<R> = { mode: 'add' } | { mode: 'edit'; row: R } | null;

/** A list as read (useCollection's answer fits): its rows, and whether they are in. */
export interface ListState<R> {
  rows: readonly R[];
  loading: boolean;
  error: string | null;
  invalid?: number;
  synced?: boolean;
}

/** A list's form: the schema from common/ (plus the screen's checks across rows), the layout, the values. */
export interface ListForm<R, S extends FormSchema> {
  schema: S;
  fields: readonly FormField[];
  /** The field that names the row: fixed once saved; a new row's value that names a saved row is noticed. */
  key: keyof z.input<S> & string;
  /** The form's values: of the row being edited, or of a new one (null). */
  defaults(row: R | null): DefaultValues<z.input<S>>;
  /** Shown under the fields, from the values as typed (e.g. what a draft rule would grade). */
  aside?(values: z.input<S>, row: R | null): ReactNode;
}

/** A row that others name cannot be deleted: how many do, and how the refusal reads. */
export interface InUse<R> {
  /** The list the rows belong to (whose dependents the server counts). */
  list: AdminListId;
  /**
   * The count the triggers keep on the row: a first hint. Above 0 the server is asked how many rows name
   * it before the delete is refused (the kept count may lag, or predate the markers).
   */
  count(row: R): number;
  /** The dependents of a 409 inUse that count (all of them when absent). */
  of?: AdminListId;
  refusal(row: R, count: number): InUseRefusal;
  testId: string;
}

export interface AdminListProps<R extends AdminRow, S extends FormSchema> extends Omit<
  AdminTableProps<R>,
  'rows' | 'loading' | 'error' | 'invalid' | 'synced' | 'addLabel' | 'onAdd' | 'onEdit' | 'onDelete'
> {
  /** The whole list as read: its state, and every id (the notice looks there, not in the rows shown). */
  list: ListState<R>;
  /** The rows shown when the screen filters them (a search, a URL filter, a selected parent). */
  rows?: readonly R[];
  /** The Add button, and the add dialog's title. */
  addLabel: string;
  editTitle(row: R): string;
  /** A row in words, for the delete confirmation. */
  describe(row: R): string;
  form: ListForm<R, S>;
  /** Writes the form's values (a rejection shows the write error modal and keeps the form open). */
  save(values: z.output<S>): Promise<unknown>;
  remove(row: R): Promise<unknown>;
  /** Set when other rows name this list's rows (a delete is refused while they do). */
  inUse?: InUse<R>;
  dialogTestId: string;
  /** Shows `label` as a heading above the table (lists side by side on one page). */
  heading?: boolean;
}

/**
 * Every admin list: the table, the edit dialog on the list's schema with the 'ID exists' notice, the
 * delete confirmation, and the in-use dialog for a delete that would leave rows naming a missing one
 * (the server's count, asked when the row's kept count is above 0, or its 409 inUse). A screen gives a schema, columns, a form
 * layout and its writes.
 */
export function AdminList<R extends AdminRow, S extends FormSchema>({
  list,
  rows = list.rows,
  addLabel,
  editTitle,
  describe,
  form,
  save,
  remove,
  inUse,
  dialogTestId,
  heading = false,
  ...table
}: AdminListProps<R, S>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing<R>>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  // A delete refused: the row and how many rows name it (the server's count when it answered 409).
  const [refused, setRefused] = useState<{ row: R; count: number } | null>(null);
  const ids = useMemo(() => new Set(list.rows.map((row) => row.id)), [list.rows]);
  const editRow = editing?.mode === 'edit' ? editing.row : null;
  const fields = editRow
    ? form.fields.map((field) => (field.name === form.key ? { ...field, disabled: true } : field))
    : form.fields;

  const confirmDelete = async () => {
    if (!deleting) return;
    const row = deleting;
    const done = await runWrite(() => remove(row), {
      onConflict: (conflict) => {
        if (!inUse || conflict.reason !== 'inUse') return false;
        setDeleting(null);
        setRefused({ row, count: dependentCount(conflict, inUse.of) });
        return true;
      },
    });
    if (done) setDeleting(null);
  };

  const content = (
    <>
      <AdminTable<R>
        {...table}
        rows={rows}
        loading={list.loading}
        error={list.error}
        invalid={list.invalid}
        synced={list.synced}
        addLabel={addLabel}
        onAdd={() => setEditing({ mode: 'add' })}
        onEdit={(row) => setEditing({ mode: 'edit', row })}
        onDelete={async (row) => {
          if (!inUse || inUse.count(row) <= 0) return setDeleting(row);
          // The server decides: its count of the rows naming this one, not the kept count.
          let count = 0;
          const asked = await runWrite(async () => {
            count = dependentCount(
              { reason: 'inUse', dependents: await dependentsOf(inUse.list, row.id) },
              inUse.of,
            );
          });
          if (!asked) return;
          if (count > 0) setRefused({ row, count });
          else setDeleting(row);
        }}
      />
      <EditDialog
        open={editing !== null}
        title={editRow ? editTitle(editRow) : addLabel}
        schema={form.schema}
        defaultValues={form.defaults(editRow)}
        fields={fields}
        notice={(values) =>
          editing?.mode === 'add' && ids.has(String(values[form.key] ?? '').trim())
            ? t('validation.idExists')
            : null
        }
        aside={form.aside && ((values) => form.aside?.(values, editRow))}
        onSubmit={(values) => runWrite(() => save(values))}
        onClose={() => setEditing(null)}
        testId={dialogTestId}
      />
      <ConfirmDeleteDialog
        item={deleting ? describe(deleting) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
      {inUse && (
        <InUseDialog
          refusal={refused && inUse.refusal(refused.row, refused.count)}
          onClose={() => setRefused(null)}
          testId={inUse.testId}
        />
      )}
    </>
  );
  if (!heading) return content;
  return (
    <Box component="section" aria-label={table.label} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }} data-testid={`${table.testId}-title`}>
        {table.label}
      </Typography>
      {content}
    </Box>
  );
}
