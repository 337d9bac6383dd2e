import { useTranslation } from 'react-i18next';
import type { AdminListId, ConflictDetails } from '@insight/common/admin-lists';

/** What each reason's text names; without it the reason's general text is shown. */
const NEEDS: Record<
  ConflictDetails['reason'],
  ReadonlyArray<'field' | 'with' | 'value' | 'dependents' | 'rows'>
> = {
  inUse: ['dependents'],
  referenceMissing: ['field', 'value'],
  ipInUse: ['field', 'value', 'with'],
  rangeOverlap: ['with'],
  duplicate: ['with'],
  parameterTaken: ['with'],
  modelTaken: ['value', 'with'],
  technologyMismatch: ['with'],
  technologyInUse: ['value', 'dependents', 'rows'],
  beingDeleted: [],
  deleteInterrupted: [],
};

/** A field's label in the conflict texts (the raw name when it has none). */
export function useFieldLabel() {
  const { t } = useTranslation();
  return (field: string) =>
    t(`adminKit.fields.${field}` as 'adminKit.fields.ipLookup', { defaultValue: field });
}

/** `3 CMTS rows`, `2 threshold rules`… */
export function useRowsText() {
  const { t } = useTranslation();
  return (list: AdminListId, count: number) => t(`adminKit.rows.${list}`, { count });
}

/** The rows a refusal names, with how many it leaves unnamed: `R1, R2 …(+3)`. */
function moreRows(rows: readonly string[], total: number): string {
  const rest = total - rows.length;
  return rest > 0 ? `${rows.join(', ')} (+${rest})` : rows.join(', ');
}

/** A refused write's reason in words (common namespace: every admin screen has it). */
export function useConflictText() {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const rowsText = useRowsText();
  return (details: ConflictDetails): string => {
    const dependents = (details.dependents ?? []).filter((dependent) => dependent.count > 0);
    const value = details.value ?? (details.reason === 'referenceMissing' ? details.with : undefined);
    const has = {
      field: Boolean(details.field),
      with: Boolean(details.with),
      value: Boolean(value),
      dependents: dependents.length > 0,
      rows: (details.rows ?? []).length > 0,
    };
    if (!NEEDS[details.reason].every((piece) => has[piece]))
      return t(`adminKit.conflict.${details.reason}Generic`);
    return t(`adminKit.conflict.${details.reason}`, {
      field: fieldLabel(details.field ?? ''),
      value,
      with: details.with,
      dependents: dependents.map((dependent) => rowsText(dependent.list, dependent.count)).join(', '),
      rows: moreRows(
        details.rows ?? [],
        dependents.reduce((sum, dependent) => sum + dependent.count, 0),
      ),
    });
  };
}
