import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { definitionName, variantLabel, type RuleDocument } from '@insight/common/threshold';
import { useDataText } from '../../../hooks/use-data-text';
import { StatusChip } from '../../../components/grade-chip';
import type { WithId } from '../../../lib/firestore-hooks';
import { useRuleForm } from './rule-form';
import { ThresholdList, useSharedColumns, useTextColumns, type ThresholdTableProps } from './threshold-list';
import { useRangeText } from './use-threshold-text';

type Row = WithId<RuleDocument>;

/** /threshold: each rule maps a range or an alpha value of a definition to a result. */
export function RulesTable({
  lists,
  rows,
  canWrite,
  testValue,
}: ThresholdTableProps<Row> & {
  /** The value typed in the "test a value" box: the rule dialog shows what a draft gives for it. */
  testValue: string;
}) {
  const { t } = useTranslation('admin');
  const rangeText = useRangeText();
  const shared = useSharedColumns();
  const form = useRuleForm(lists, testValue);
  const dataText = useDataText();
  const descriptions = useTextColumns<Row>('rules', 'description', canWrite, { minWidth: 200 });
  const definitions = useMemo(
    () => new Map(lists.definitions.rows.map((row) => [row.id, row])),
    [lists.definitions.rows],
  );
  const variants = useMemo(
    () => new Map(lists.variants.rows.map((row) => [row.id, row])),
    [lists.variants.rows],
  );

  const columns: Array<GridColDef<Row>> = [
    { field: 'tdId', headerName: t('threshold.fields.tdId'), minWidth: 190 },
    {
      field: 'definitionName',
      headerName: t('threshold.fields.definitionName'),
      minWidth: 180,
      flex: 1,
      valueGetter: (_value, row) => {
        const definition = definitions.get(row.definitionName);
        return definition ? dataText(definitionName(definition)) : row.definitionName;
      },
    },
    { field: 'technology', headerName: t('threshold.fields.technology'), minWidth: 110 },
    {
      field: 'variantName',
      headerName: t('threshold.fields.variantName'),
      minWidth: 140,
      valueGetter: (_value, row) =>
        row.variantName
          ? (dataText(variants.has(row.variantName) ? variantLabel(variants.get(row.variantName)!) : null) ??
            row.variantName)
          : t('threshold.default'),
    },
    {
      field: 'range',
      headerName: t('threshold.fields.range'),
      minWidth: 220,
      flex: 1,
      valueGetter: (_value, row) => rangeText(row, definitions.get(row.definitionName)?.format ?? null),
    },
    {
      field: 'result',
      headerName: t('threshold.fields.result'),
      minWidth: 130,
      renderCell: ({ row }) => <StatusChip grade={row.result} label={t(`threshold.results.${row.result}`)} />,
    },
    { field: 'version', headerName: t('threshold.fields.version'), minWidth: 90 },
    ...descriptions,
    shared.updateDate,
  ];
  return (
    <ThresholdList
      kind="rules"
      lists={lists}
      list={lists.rules}
      rows={rows}
      canWrite={canWrite}
      columns={columns}
      form={form}
      describe={(row) => row.id}
    />
  );
}
