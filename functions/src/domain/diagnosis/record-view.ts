/**
 * What the API does with a complete 360 view once its answer has left: the diagnosis of the whole view
 * (its findings and score, common/src/diagnosis.ts) stored as the device's look of this minute.
 */
import { snapshotOf } from '@insight/common/diagnosis';
import { SECTIONS, type Section } from '@insight/common/customer360';
import type { LookRecorder } from './look-store';
import { diagnosisInput, type SectionOutcome } from './view-input';

export interface CompletedView {
  mac: string;
  user: { uid: string; email: string | null };
  outcomes: Partial<Record<Section, SectionOutcome>>;
}

/** The name a look shows for who looked: the e-mail's local part (the user id without one). */
export const lookerName = (user: CompletedView['user']) => user.email?.split('@')[0] || user.uid;

/** Records the look of a view that asked for every section (a partial view is not a look). */
export function recordCompletedView(record: LookRecorder, view: CompletedView): Promise<boolean> {
  if (!SECTIONS.every((section) => view.outcomes[section])) return Promise.resolve(false);
  // A MAC no customer has is not a device to follow.
  const customer = view.outcomes.customer;
  if (customer && !customer.ok && customer.code === 'mac_not_found') return Promise.resolve(false);
  const { at: _at, ...look } = snapshotOf(
    view.mac,
    new Date(0),
    lookerName(view.user),
    diagnosisInput(view.outcomes),
  );
  return record(look);
}
