import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import {
  CATEGORIES,
  DIRECTIONS,
  FALLBACKS,
  PARAMETERS,
  definitionName,
  type DefinitionDocument,
} from '@insight/common/threshold';
import type { ListForm } from '../../../components/admin/admin-list';
import type { WithId } from '../../../lib/firestore-hooks';
import { choiceOf, definitionFormSchema } from './threshold-forms';
import { ThresholdList, useSharedColumns, useTextColumns, type ThresholdTableProps } from './threshold-list';
import { useDataText } from '../../../hooks/use-data-text';
import { useOptions } from './use-threshold-text';

type Row = WithId<DefinitionDocument>;
type Schema = ReturnType<typeof definitionFormSchema>;

/** /threshold/definitions: each names a measurement, its unit, direction and fallback result. */
export function DefinitionsTable({ lists, rows, canWrite }: ThresholdTableProps<Row>) {
  const { t } = useTranslation('admin');
  const options = useOptions();
  const shared = useSharedColumns();
  const schema = useMemo(() => definitionFormSchema(lists.definitions.rows), [lists.definitions.rows]);
  const dataText = useDataText();
  const names = useTextColumns<Row>('definitions', 'name', canWrite);
  const descriptions = useTextColumns<Row>('definitions', 'description', canWrite, { minWidth: 220 });
  const nameOf = (row: Row) => dataText(definitionName(row))!;

  const columns: Array<GridColDef<Row>> = [
    { field: 'tdId', headerName: t('threshold.fields.tdId'), minWidth: 150 },
    ...names,
    {
      field: 'parameter',
      headerName: t('threshold.fields.parameter'),
      minWidth: 170,
      valueGetter: (_value, row) =>
        t(`threshold.parameters.${row.parameter}` as 'threshold.parameters.rxPower', row.parameter),
    },
    { field: 'format', headerName: t('threshold.fields.format'), minWidth: 80 },
    {
      field: 'direction',
      headerName: t('threshold.fields.direction'),
      minWidth: 140,
      valueGetter: (_value, row) =>
        row.direction
          ? t(`threshold.directions.${row.direction}` as 'threshold.directions.window', row.direction)
          : '',
    },
    {
      field: 'fallback',
      headerName: t('threshold.fields.fallback'),
      minWidth: 110,
      valueGetter: (_value, row) => t(`threshold.results.${row.fallback}`),
    },
    ...descriptions,
    shared.ruleCount,
    shared.updateDate,
  ];
  const form: ListForm<Row, Schema> = {
    schema,
    key: 'tdId',
    fields: [
      { name: 'tdId', label: t('threshold.fields.tdId') },
      { name: 'name', label: t('threshold.fields.nameEn') },
      { name: 'nameFr', label: t('threshold.fields.nameFr') },
      {
        name: 'parameter',
        label: t('threshold.fields.parameter'),
        kind: 'select',
        options: options(PARAMETERS, 'threshold.parameters'),
      },
      { name: 'format', label: t('threshold.fields.format') },
      {
        name: 'direction',
        label: t('threshold.fields.direction'),
        kind: 'select',
        options: options(DIRECTIONS, 'threshold.directions'),
      },
      {
        name: 'category',
        label: t('threshold.fields.category'),
        kind: 'select',
        options: options(CATEGORIES, 'threshold.categories'),
      },
      {
        name: 'fallback',
        label: t('threshold.fields.fallback'),
        kind: 'select',
        options: options(FALLBACKS, 'threshold.results'),
      },
      { name: 'description', label: t('threshold.fields.descriptionEn'), wide: true },
      { name: 'descriptionFr', label: t('threshold.fields.descriptionFr'), wide: true },
    ],
    // A new definition has no parameter until one is chosen (the schema asks for it).
    defaults: (row) =>
      row
        ? {
            tdId: row.tdId,
            name: row.name,
            parameter: choiceOf(PARAMETERS, row.parameter),
            format: row.format ?? '',
            direction: choiceOf(DIRECTIONS, row.direction ?? 'window'),
            category: choiceOf(CATEGORIES, row.category ?? 'optical'),
            fallback: row.fallback,
            description: row.description ?? '',
            nameFr: row.nameFr ?? '',
            descriptionFr: row.descriptionFr ?? '',
          }
        : {
            tdId: '',
            name: '',
            format: '',
            direction: 'window',
            category: 'optical',
            fallback: 'n/a',
            description: '',
            nameFr: '',
            descriptionFr: '',
          },
  };

  return (
    <ThresholdList<Row, Schema>
      kind="definitions"
      lists={lists}
      list={lists.definitions}
      rows={rows}
      canWrite={canWrite}
      columns={columns}
      form={form}
      describe={(row) => `${nameOf(row)} (${row.id})`}
      usedBy={nameOf}
    />
  );
}
