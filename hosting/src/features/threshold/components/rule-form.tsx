import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  definitionName,
  RESULTS,
  TECHNOLOGIES,
  variantLabel,
  type RuleDocument,
} from '@insight/common/threshold';
import { useDataText } from '../../../hooks/use-data-text';
import type { ListForm } from '../../../components/admin/admin-list';
import type { WithId } from '../../../lib/firestore-hooks';
import type { ThresholdLists } from '../api/threshold-lists';
import { DraftPreview } from './draft-preview';
import { ruleFormSchema, type RuleForm } from './threshold-forms';
import { useOptions } from './use-threshold-text';

type Row = WithId<RuleDocument>;

const text = (value: number | string | null) => (value === null ? '' : String(value));
const formOf = (row: Row): RuleForm => ({
  tdId: row.tdId,
  definitionName: row.definitionName,
  technology: row.technology,
  variantName: row.variantName ?? '',
  rangeMin: text(row.rangeMin),
  rangeMax: text(row.rangeMax),
  alphaValue: row.alphaValue ?? '',
  result: row.result,
  version: row.version ?? '',
  description: row.description ?? '',
  descriptionFr: row.descriptionFr ?? '',
});
const blank: RuleForm = {
  tdId: '',
  definitionName: '',
  technology: 'GPON',
  variantName: '',
  rangeMin: '',
  rangeMax: '',
  alphaValue: '',
  result: 'pass',
  version: '',
  description: '',
  descriptionFr: '',
};

/**
 * The form of a rule: the common/ schema with the overlap and duplicate checks, and beside the fields what
 * the draft would give for a test value next to what the saved rules give.
 */
export function useRuleForm(
  lists: ThresholdLists,
  /** The value typed in the "test a value" box: the preview starts with it. */
  testValue: string,
): ListForm<Row, ReturnType<typeof ruleFormSchema>> {
  const { t } = useTranslation('admin');
  const options = useOptions();
  const dataText = useDataText();
  const schema = useMemo(() => ruleFormSchema(lists.rules.rows), [lists.rules.rows]);
  const saved = useMemo(
    () => ({ definitions: lists.definitions.rows, rules: lists.rules.rows, variants: lists.variants.rows }),
    [lists.definitions.rows, lists.rules.rows, lists.variants.rows],
  );
  return {
    schema,
    key: 'tdId',
    fields: [
      { name: 'tdId', label: t('threshold.fields.tdId') },
      {
        name: 'definitionName',
        label: t('threshold.fields.definitionName'),
        kind: 'select',
        options: lists.definitions.rows.map((row) => ({
          value: row.id,
          label: `${dataText(definitionName(row))} (${row.id})`,
        })),
      },
      {
        name: 'technology',
        label: t('threshold.fields.technology'),
        kind: 'select',
        options: TECHNOLOGIES.map((value) => ({ value, label: value })),
      },
      {
        name: 'variantName',
        label: t('threshold.fields.variantName'),
        kind: 'select',
        options: [
          { value: '', label: t('threshold.default') },
          ...lists.variants.rows.map((row) => ({
            value: row.id,
            label: `${dataText(variantLabel(row))} (${row.technology})`,
          })),
        ],
      },
      {
        name: 'rangeMin',
        label: t('threshold.fields.rangeMin'),
        helperText: t('threshold.rangeHelp'),
        wide: true,
      },
      { name: 'rangeMax', label: t('threshold.fields.rangeMax') },
      { name: 'alphaValue', label: t('threshold.fields.alphaValue') },
      {
        name: 'result',
        label: t('threshold.fields.result'),
        kind: 'select',
        options: options(RESULTS, 'threshold.results'),
      },
      { name: 'version', label: t('threshold.fields.version') },
      { name: 'description', label: t('threshold.fields.descriptionEn'), wide: true },
      { name: 'descriptionFr', label: t('threshold.fields.descriptionFr'), wide: true },
    ],
    defaults: (row) => (row ? formOf(row) : blank),
    aside: (values, row) => (
      <DraftPreview saved={saved} form={values} replacing={row?.id ?? null} initialValue={testValue} />
    ),
  };
}
