/**
 * The bands the History card draws its optical powers against (docs/features.md, "History"): each series'
 * pass and warn ranges by the threshold manager's rules for the device's technology and variant, read at
 * each answer, so that an engineer's edit moves them on the next view.
 */
import { HISTORY_BANDED, type HistoryBands, type HistorySection } from '@insight/common/history';
import type { RuleResult } from '@insight/common/threshold';
import {
  passRange,
  variantOf,
  type DeviceContext,
  type ThresholdSet,
} from '@insight/common/threshold-grading';
import type { ThresholdSource } from '../grading/threshold-source';
import type { UpstreamCalls } from '../upstream-calls';

type Parameter = (typeof HISTORY_BANDED)[number];

/**
 * The ranges of one result for a parameter and device, as passRange picks them: the variant's rules when it
 * has any of that result, else the technology's default rules; lowest bound first. Alpha rules are words,
 * not ranges: left out.
 */
function rangesOf(set: ThresholdSet, parameter: Parameter, device: DeviceContext, result: RuleResult) {
  if (device.technology === null) return [];
  const variant = variantOf(set, device);
  // The lowest id of the parameter's definitions, passing over one that grades nothing (no rule for the
  // technology, no fallback grade), as passRange does.
  const definitions = [...set.definitions]
    .filter((entry) => entry.parameter === parameter)
    .sort((a, b) => (a.tdId < b.tdId ? -1 : a.tdId > b.tdId ? 1 : 0));
  for (const definition of definitions) {
    if (
      definition.fallback === 'n/a' &&
      !set.rules.some(
        (rule) => rule.definitionName === definition.tdId && rule.technology === device.technology,
      )
    )
      continue;
    const rules = set.rules.filter(
      (rule) =>
        rule.definitionName === definition.tdId &&
        rule.technology === device.technology &&
        rule.result === result &&
        rule.alphaValue === null,
    );
    const own = variant ? rules.filter((rule) => rule.variantName === variant.tdId) : [];
    const chosen = own.length > 0 ? own : rules.filter((rule) => rule.variantName === null);
    return chosen
      .map((rule) => ({ min: rule.rangeMin, max: rule.rangeMax }))
      .sort((a, b) => (a.min ?? -Infinity) - (b.min ?? -Infinity));
  }
  return [];
}

/** Each optical series' pass range (passRange, as the WAN chart draws it) and warn ranges for a device. */
export function historyBands(set: ThresholdSet, device: DeviceContext): NonNullable<HistorySection['bands']> {
  const bands: NonNullable<HistorySection['bands']> = {};
  for (const parameter of HISTORY_BANDED) {
    const pass = passRange(set, parameter, device);
    const band: HistoryBands = {
      pass: pass ? { min: pass.rangeMin, max: pass.rangeMax } : null,
      warn: rangesOf(set, parameter, device, 'warn'),
    };
    if (band.pass || band.warn.length > 0) bands[parameter] = band;
  }
  return bands;
}

/**
 * The bands of a device (its technology and model from the WAN details the sections share, the rules the
 * API grades by), or undefined when either cannot be read: the history is shown without bands, not refused.
 */
export async function deviceBands(
  calls: Pick<UpstreamCalls, 'details'>,
  thresholds: ThresholdSource,
  mac: string,
): Promise<HistorySection['bands']> {
  try {
    const [details, set] = await Promise.all([calls.details(mac, false), thresholds.current()]);
    return historyBands(set, { technology: details.value.networkType, model: details.value.model });
  } catch {
    return undefined;
  }
}
