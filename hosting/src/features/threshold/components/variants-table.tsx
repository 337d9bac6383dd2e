import { useMemo } from 'react';
import { Alert } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { TECHNOLOGIES, variantLabel, type VariantDocument } from '@insight/common/threshold';
import { useDataText } from '../../../hooks/use-data-text';
import type { ListForm } from '../../../components/admin/admin-list';
import type { WithId } from '../../../lib/firestore-hooks';
import { variantFormSchema } from './threshold-forms';
import { ThresholdList, useSharedColumns, useTextColumns, type ThresholdTableProps } from './threshold-list';

type Row = WithId<VariantDocument>;
type Schema = ReturnType<typeof variantFormSchema>;

/** /threshold/variants: each names the device models whose rules differ from the default ones. */
export function VariantsTable({ lists, rows, canWrite }: ThresholdTableProps<Row>) {
  const { t } = useTranslation('admin');
  const shared = useSharedColumns();
  const schema = useMemo(() => variantFormSchema(lists.variants.rows), [lists.variants.rows]);
  const dataText = useDataText();
  const names = useTextColumns<Row>('variants', 'variantName', canWrite, { minWidth: 170 });
  const descriptions = useTextColumns<Row>('variants', 'description', canWrite);
  const nameOf = (row: Row) => dataText(variantLabel(row))!;

  const columns: Array<GridColDef<Row>> = [
    { field: 'tdId', headerName: t('threshold.fields.tdId'), minWidth: 130 },
    ...names,
    { field: 'technology', headerName: t('threshold.fields.technology'), minWidth: 110 },
    { field: 'identifier', headerName: t('threshold.fields.identifier'), minWidth: 120 },
    {
      field: 'variants',
      headerName: t('threshold.fields.variants'),
      minWidth: 220,
      flex: 1,
      valueGetter: (_value, row) => row.variants.join(', '),
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
      { name: 'variantName', label: t('threshold.fields.nameEn') },
      { name: 'variantNameFr', label: t('threshold.fields.nameFr') },
      {
        name: 'technology',
        label: t('threshold.fields.technology'),
        kind: 'select',
        options: TECHNOLOGIES.map((value) => ({ value, label: value })),
      },
      { name: 'identifier', label: t('threshold.fields.identifier') },
      {
        name: 'variants',
        label: t('threshold.fields.variants'),
        helperText: t('threshold.modelsHelp'),
        wide: true,
      },
      { name: 'description', label: t('threshold.fields.descriptionEn'), wide: true },
      { name: 'descriptionFr', label: t('threshold.fields.descriptionFr'), wide: true },
    ],
    // The models are typed as one line, separated by commas.
    defaults: (row) => ({
      tdId: row?.tdId ?? '',
      variantName: row?.variantName ?? '',
      technology: row?.technology ?? 'GPON',
      identifier: row?.identifier ?? '',
      variants: row?.variants.join(', ') ?? '',
      description: row?.description ?? '',
      variantNameFr: row?.variantNameFr ?? '',
      descriptionFr: row?.descriptionFr ?? '',
    }),
    // A rule's technology is its variant's: while rules name the variant, its technology stays (the
    // server refuses the save, 409 technologyInUse); the form says which rules before it is sent.
    aside: (values, row) => {
      if (!row || values.technology === row.technology) return null;
      const naming = lists.rules.rows.filter((rule) => rule.variantName === row.id).map((rule) => rule.id);
      if (naming.length === 0) return null;
      return (
        <Alert severity="warning" data-testid="variant-technology-blocked">
          {t('threshold.technologyBlocked', {
            count: naming.length,
            technology: row.technology,
            rules: naming.join(', '),
          })}
        </Alert>
      );
    },
  };

  return (
    <ThresholdList<Row, Schema>
      kind="variants"
      lists={lists}
      list={lists.variants}
      rows={rows}
      canWrite={canWrite}
      columns={columns}
      form={form}
      describe={(row) => `${nameOf(row)} (${row.id})`}
      usedBy={nameOf}
    />
  );
}
