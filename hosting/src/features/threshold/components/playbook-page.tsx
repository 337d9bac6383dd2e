import { Box, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { can } from '@insight/common/roles';
import {
  DEFAULT_PLAYBOOK_BY_KEY,
  PLAYBOOK_ACTIONS,
  PLAYBOOK_KEYS,
  PLAYBOOK_TABS,
  playbookFieldsSchema,
  type PlaybookDocument,
  type PlaybookKey,
} from '@insight/common/diagnosis-playbook';
import { AdminList, type ListForm } from '../../../components/admin/admin-list';
import { useDateCells } from '../../../lib/date';
import type { WithId } from '../../../lib/firestore-hooks';
import { useAuth } from '../../../providers/auth-provider';
import { deletePlaybookEntry, savePlaybookEntry, usePlaybookList } from '../api/playbook-list';

type Row = WithId<PlaybookDocument>;
type Schema = typeof playbookFieldsSchema;
type Text = 'title' | 'cause' | 'step';

const isKey = (value: string): value is PlaybookKey => (PLAYBOOK_KEYS as readonly string[]).includes(value);

/** A long text in a grid cell: cut to the cell, whole on hover. */
const clipped = (text: string) => (
  <Box component="span" title={text} sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
    {text}
  </Box>
);

/**
 * /threshold/playbook: what the 360 view says about each finding (title, likely cause, next step, in
 * English and French, the operation it offers and the tab it links to), keyed by definition and result
 * (`rxPower.fail`) or by finding kind (`wifiPlacement`, `sectionFailed.wan`). support3 and operation read
 * it, engineering adds, edits and deletes; a key with no entry keeps its built-in text (README, "Diagnosis").
 */
export function PlaybookPage() {
  const { t, i18n } = useTranslation('admin');
  const { state } = useAuth();
  const canWrite = can(state.status === 'signedIn' ? state.user.roles : [], 'adminWrite');
  const list = usePlaybookList();
  const dateCells = useDateCells();
  const suffix = i18n.language === 'fr' ? 'Fr' : 'En';
  const textOf = (row: Pick<Row, `${Text}En` | `${Text}Fr`>, text: Text) => row[`${text}${suffix}`];
  const actionLabel = (action: string | null) =>
    action ? t(`playbook.actions.${action}` as 'playbook.actions.reset', action) : t('playbook.noAction');
  const tabLabel = (tab: string) => t(`playbook.tabs.${tab}` as 'playbook.tabs.wan', tab);

  const columns: Array<GridColDef<Row>> = [
    { field: 'id', headerName: t('playbook.fields.key'), minWidth: 190 },
    {
      field: 'title',
      headerName: t('playbook.fields.title'),
      minWidth: 220,
      flex: 1,
      valueGetter: (_value, row) => textOf(row, 'title'),
      renderCell: ({ value }) => clipped(String(value ?? '')),
    },
    {
      field: 'cause',
      headerName: t('playbook.fields.cause'),
      minWidth: 260,
      flex: 1.3,
      valueGetter: (_value, row) => textOf(row, 'cause'),
      renderCell: ({ value }) => clipped(String(value ?? '')),
    },
    {
      field: 'step',
      headerName: t('playbook.fields.step'),
      minWidth: 260,
      flex: 1.3,
      valueGetter: (_value, row) => textOf(row, 'step'),
      renderCell: ({ value }) => clipped(String(value ?? '')),
    },
    {
      field: 'action',
      headerName: t('playbook.fields.action'),
      minWidth: 170,
      valueGetter: (_value, row) => actionLabel(row.action),
    },
    {
      field: 'tab',
      headerName: t('playbook.fields.tab'),
      minWidth: 130,
      valueGetter: (_value, row) => tabLabel(row.tab),
    },
    {
      field: 'updatedAt',
      headerName: t('playbook.fields.updatedAt'),
      type: 'dateTime',
      minWidth: 160,
      ...dateCells,
    },
    { field: 'updatedBy', headerName: t('playbook.fields.updatedBy'), minWidth: 130 },
  ];

  const text = (name: `${Text}${'En' | 'Fr'}`, multiline = true) => ({
    name,
    label: t(`playbook.fields.${name}`),
    multiline,
  });
  const form: ListForm<Row, Schema> = {
    schema: playbookFieldsSchema,
    key: 'key',
    fields: [
      {
        name: 'key',
        label: t('playbook.fields.key'),
        kind: 'select',
        options: PLAYBOOK_KEYS.map((key) => ({
          value: key,
          label: `${key} · ${textOf(DEFAULT_PLAYBOOK_BY_KEY[key]!, 'title')}`,
        })),
        wide: true,
      },
      text('titleEn', false),
      text('titleFr', false),
      text('causeEn'),
      text('causeFr'),
      text('stepEn'),
      text('stepFr'),
      {
        name: 'action',
        label: t('playbook.fields.action'),
        kind: 'select',
        options: [
          { value: '', label: t('playbook.noAction') },
          ...PLAYBOOK_ACTIONS.map((action) => ({ value: action, label: actionLabel(action) })),
        ],
      },
      {
        name: 'tab',
        label: t('playbook.fields.tab'),
        kind: 'select',
        options: PLAYBOOK_TABS.map((tab) => ({ value: tab, label: tabLabel(tab) })),
      },
    ],
    // A new entry has no key until one is chosen (the schema asks for it).
    defaults: (row) =>
      row
        ? {
            ...(isKey(row.id) ? { key: row.id } : {}),
            titleEn: row.titleEn,
            titleFr: row.titleFr,
            causeEn: row.causeEn,
            causeFr: row.causeFr,
            stepEn: row.stepEn,
            stepFr: row.stepFr,
            action: row.action ?? '',
            tab: row.tab,
          }
        : {
            titleEn: '',
            titleFr: '',
            causeEn: '',
            causeFr: '',
            stepEn: '',
            stepFr: '',
            action: '',
            tab: 'overview',
          },
    // The built-in texts of the key chosen: what the views say without an entry, a start for a new one.
    aside: (values) => {
      const builtIn =
        typeof values.key === 'string' && isKey(values.key) ? DEFAULT_PLAYBOOK_BY_KEY[values.key] : null;
      if (!builtIn) return null;
      return (
        <Box sx={{ mt: 2 }} data-testid="playbook-built-in">
          <Typography variant="subtitle2">{t('playbook.builtIn')}</Typography>
          <Typography variant="body2">{textOf(builtIn, 'title')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('playbook.builtInCause', { text: textOf(builtIn, 'cause') })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('playbook.builtInStep', { text: textOf(builtIn, 'step') })}
          </Typography>
        </Box>
      );
    },
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" data-testid="playbook-help">
        {t('playbook.help')}
      </Typography>
      <AdminList<Row, Schema>
        label={t('playbook.title')}
        testId="playbook-table"
        dialogTestId="playbook-dialog"
        list={list}
        columns={columns}
        canWrite={canWrite}
        addLabel={t('playbook.add')}
        editTitle={(row) => t('playbook.edit', { key: row.id })}
        describe={(row) => `${row.id} (${textOf(row, 'title')})`}
        form={form}
        save={savePlaybookEntry}
        remove={(row) => deletePlaybookEntry(row.id)}
        csvFileName="insight-diagnosis-playbook"
      />
    </Stack>
  );
}
