import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULTS, TECHNOLOGIES, type RuleDocument, type RuleFields } from '@insight/common/threshold';
import { EditDialog, type FormField } from '../../../components/admin/edit-dialog';
import type { WithId } from '../../../lib/firestore-hooks';
import type { ThresholdLists } from '../api/threshold-lists';
import { DraftPreview } from './draft-preview';
import { ruleFormSchema, type RuleForm } from './threshold-forms';
import { useOptions } from './use-threshold-text';

type Row = WithId<RuleDocument>;
export type RuleEditing = { mode: 'add' } | { mode: 'edit'; row: Row } | null;

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
};

/**
 * The add and edit dialog of a rule: the common/ schema with the overlap and duplicate checks, and what
 * the draft would give for a test value next to what the saved rules give.
 */
export function RuleDialog({
  lists,
  editing,
  testValue,
  onSave,
  onClose,
}: {
  lists: ThresholdLists;
  editing: RuleEditing;
  /** The value typed in the "test a value" box: the preview starts with it. */
  testValue: string;
  /** Saves (`exists`: the id names a saved rule); resolves false when the write failed. */
  onSave(values: RuleFields, exists: boolean): Promise<boolean>;
  onClose(): void;
}) {
  const { t } = useTranslation('admin');
  const options = useOptions();
  const ids = useMemo(() => new Set(lists.rules.rows.map((row) => row.id)), [lists.rules.rows]);
  const schema = useMemo(() => ruleFormSchema(lists.rules.rows), [lists.rules.rows]);
  const saved = useMemo(
    () => ({ definitions: lists.definitions.rows, rules: lists.rules.rows, variants: lists.variants.rows }),
    [lists.definitions.rows, lists.rules.rows, lists.variants.rows],
  );
  const fields: FormField[] = [
    { name: 'tdId', label: t('threshold.fields.tdId'), disabled: editing?.mode === 'edit' },
    {
      name: 'definitionName',
      label: t('threshold.fields.definitionName'),
      kind: 'select',
      options: lists.definitions.rows.map((row) => ({ value: row.id, label: `${row.name} (${row.id})` })),
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
          label: `${row.variantName} (${row.technology})`,
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
    { name: 'description', label: t('threshold.fields.description'), wide: true },
  ];

  return (
    <EditDialog
      open={editing !== null}
      title={
        editing?.mode === 'edit' ? t('threshold.edit', { id: editing.row.id }) : t('threshold.add.rules')
      }
      schema={schema}
      defaultValues={editing?.mode === 'edit' ? formOf(editing.row) : blank}
      fields={fields}
      notice={(values) =>
        editing?.mode === 'add' && ids.has(String(values.tdId ?? '').trim()) ? t('threshold.idExists') : null
      }
      aside={(values) => (
        <DraftPreview
          saved={saved}
          form={values}
          replacing={editing?.mode === 'edit' ? editing.row.id : null}
          initialValue={testValue}
        />
      )}
      onSubmit={(values) => onSave(values, ids.has(values.tdId))}
      onClose={onClose}
      testId="rule-dialog"
    />
  );
}
