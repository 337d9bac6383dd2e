/**
 * A complete 360 view as the diagnosis reads it: each section's answer (its data) or its error code.
 */
import type { DiagnosisInput, InputKey, SectionState } from '@insight/common/diagnosis';
import { INPUT_SECTIONS } from '@insight/common/diagnosis';
import type { Section, SectionResponse } from '@insight/common/customer360';

export type SectionOutcome = { ok: true; body: unknown } | { ok: false; code: string };

export function diagnosisInput(outcomes: Partial<Record<Section, SectionOutcome>>): DiagnosisInput {
  const state = (key: InputKey): SectionState<never> => {
    const outcome = outcomes[INPUT_SECTIONS[key]];
    if (!outcome) return { status: 'pending' };
    if (!outcome.ok) return { status: 'error', code: outcome.code };
    return { status: 'ok', data: (outcome.body as SectionResponse<never>).data };
  };
  return {
    customer: state('customer'),
    wan: state('wan'),
    lan: state('lan'),
    voice: state('voice'),
    bc: state('bc'),
    port: state('port'),
  };
}
