/**
 * The seeded threshold set: today's default ranges (grading.ts DEFAULT_THRESHOLDS), Wi-Fi health words
 * and scores and firmware scores as definitions and rules, so that a fresh start grades exactly as the
 * constants did. Used by `npm start`'s seed, by the API until the first read of the lists, and by tests.
 */
import {
  DEFAULT_THRESHOLDS,
  FIRMWARE_SCORE_GRADES,
  PLUME_HEALTH_SCORE,
  WIFI_HEALTH_GRADES,
  type Metric,
  type Threshold,
} from './grading';
import type {
  DefinitionDocument,
  Parameter,
  RuleDocument,
  RuleResult,
  Technology,
  ThresholdKind,
  VariantDocument,
} from './threshold';
import type { ThresholdSet } from './threshold-grading';
import { FRENCH_FIELDS, TECHNOLOGIES, untranslatedFields } from './threshold';

type DefinitionTexts = Pick<
  DefinitionDocument,
  'name' | 'nameFr' | 'category' | 'direction' | 'description' | 'descriptionFr'
>;

const DEFINITIONS: Record<Metric, DefinitionTexts> = {
  rxPower: {
    name: 'ONU receive power',
    nameFr: 'Puissance reçue ONU',
    category: 'optical',
    direction: 'window',
    description: 'Optical power received by the ONU',
    descriptionFr: 'Puissance optique reçue par l’ONU',
  },
  txPower: {
    name: 'ONU transmit power',
    nameFr: 'Puissance émise ONU',
    category: 'optical',
    direction: 'window',
    description: 'Optical power sent by the ONU',
    descriptionFr: 'Puissance optique émise par l’ONU',
  },
  oltRxPower: {
    name: 'OLT receive power',
    nameFr: 'Puissance reçue OLT',
    category: 'optical',
    direction: 'higherIsBetter',
    description: 'Power the OLT receives from the ONU',
    descriptionFr: 'Puissance que l’OLT reçoit de l’ONU',
  },
  rssi: {
    name: 'Wi Fi client RSSI',
    nameFr: 'RSSI du client Wi Fi',
    category: 'wifi',
    direction: 'higherIsBetter',
    description: 'Signal of a Wi-Fi client',
    descriptionFr: 'Signal d’un client Wi-Fi',
  },
};

/** Graded by words (alpha rules), Wi-Fi health also by Plume's score (range rules). */
const WORD_DEFINITIONS: Record<'wifiHealth' | 'firmware', DefinitionTexts> = {
  wifiHealth: {
    name: 'Wi Fi health',
    nameFr: 'Santé Wi Fi',
    category: 'wifi',
    direction: 'higherIsBetter',
    description:
      'A Wi-Fi client’s health (excellent, good, fair, poor) or the Plume network’s health score (0 to 100)',
    descriptionFr:
      'La santé d’un client Wi-Fi (excellent, good, fair, poor) ou le score de santé du réseau Plume (0 à 100)',
  },
  firmware: {
    name: 'ONU firmware',
    nameFr: 'Micrologiciel ONU',
    category: 'firmware',
    direction: 'alpha',
    description: 'Firmware score: 0 correct firmware, 1 wrong firmware, -1 no approved version',
    descriptionFr:
      'Score du micrologiciel : 0 micrologiciel correct, 1 mauvais micrologiciel, -1 aucune version approuvée',
  },
};
const FIRMWARE_RULES: Record<
  keyof typeof FIRMWARE_SCORE_GRADES,
  { name: string; description: string; descriptionFr: string }
> = {
  '0': { name: 'CORRECT', description: 'Correct firmware', descriptionFr: 'Micrologiciel correct' },
  '1': { name: 'WRONG', description: 'Wrong firmware', descriptionFr: 'Mauvais micrologiciel' },
  '-1': {
    name: 'NO-APPROVED',
    description: 'No approved version',
    descriptionFr: 'Aucune version approuvée',
  },
};

/**
 * Graded over a device's week of history (common/src/history-measures.ts): counts and slopes, lower is
 * better, with their default bands (a bound shared by two ranges takes the better result).
 */
const HISTORY_DEFINITIONS: Record<
  'losCount24h' | 'rxDrop7d' | 'dyingGaspDays' | 'eveningWifiDrop',
  DefinitionTexts & { format: string | null; threshold: Pick<Threshold, 'warnAbove' | 'failAbove'> }
> = {
  losCount24h: {
    name: 'Losses of signal in 24 hours',
    nameFr: 'Pertes de signal en 24 heures',
    category: 'history',
    direction: 'lowerIsBetter',
    description: 'Losses of signal without a dying gasp in the last 24 hours: 2 warn, 4 or more fail',
    descriptionFr:
      'Pertes de signal sans dernier signal dans les dernières 24 heures : 2 avertissement, 4 ou plus échec',
    format: null,
    threshold: { warnAbove: 1, failAbove: 3 },
  },
  rxDrop7d: {
    name: 'Fall of ONU receive power in 7 days',
    nameFr: 'Baisse de la puissance reçue ONU en 7 jours',
    category: 'history',
    direction: 'lowerIsBetter',
    description: 'How far the ONU receive power fell from the first to the last day of the week',
    descriptionFr: 'La baisse de la puissance reçue par l’ONU du premier au dernier jour de la semaine',
    format: 'dB',
    threshold: { warnAbove: 1.5, failAbove: 3 },
  },
  dyingGaspDays: {
    name: 'Days with a dying gasp in 7 days',
    nameFr: 'Jours avec un dernier signal en 7 jours',
    category: 'history',
    direction: 'lowerIsBetter',
    description: 'Days of the week on which the ONU lost power at the home: 2 warn, 4 or more fail',
    descriptionFr:
      'Jours de la semaine où l’ONU a perdu son alimentation au domicile : 2 avertissement, 4 ou plus échec',
    format: null,
    threshold: { warnAbove: 1, failAbove: 3 },
  },
  eveningWifiDrop: {
    name: 'Evening fall of Wi Fi health',
    nameFr: 'Baisse du Wi Fi le soir',
    category: 'history',
    direction: 'lowerIsBetter',
    description:
      'How many points the Wi-Fi health falls from 19:00 to 23:00 against the day (median of the week)',
    descriptionFr:
      'De combien de points la santé du Wi-Fi baisse de 19 h à 23 h par rapport à la journée (médiane de la semaine)',
    format: 'points',
    threshold: { warnAbove: 15, failAbove: 30 },
  },
};

const stamp = { insertDate: null, updateDate: null, updatedBy: null } as const;
const definitionId = (parameter: Parameter) => `DEF-${parameter}`;

/** The closed ranges of one threshold, from worst below to worst above (touching at the bounds). */
function ranges(
  threshold: Threshold,
): Array<{ min: number | null; max: number | null; result: RuleResult; name: string }> {
  const { failBelow, warnBelow, warnAbove, failAbove } = threshold;
  const out: Array<{ min: number | null; max: number | null; result: RuleResult; name: string }> = [];
  const passMin = warnBelow ?? failBelow ?? null;
  const passMax = warnAbove ?? failAbove ?? null;
  if (failBelow !== undefined) out.push({ min: null, max: failBelow, result: 'fail', name: 'FAIL-LOW' });
  if (warnBelow !== undefined)
    out.push({ min: failBelow ?? null, max: warnBelow, result: 'warn', name: 'WARN-LOW' });
  out.push({ min: passMin, max: passMax, result: 'pass', name: 'PASS' });
  if (warnAbove !== undefined)
    out.push({ min: warnAbove, max: failAbove ?? null, result: 'warn', name: 'WARN-HIGH' });
  if (failAbove !== undefined) out.push({ min: failAbove, max: null, result: 'fail', name: 'FAIL-HIGH' });
  return out;
}

export function seedThresholdSet(): ThresholdSet {
  const metrics = Object.keys(DEFINITIONS) as Metric[];
  const definitions: Array<Omit<DefinitionDocument, 'ruleCount'>> = [
    ...metrics.map((metric) => ({
      tdId: definitionId(metric),
      parameter: metric,
      format: DEFAULT_THRESHOLDS.GPON[metric].unit,
      fallback: 'n/a' as const,
      ...DEFINITIONS[metric],
      ...stamp,
    })),
    ...(Object.keys(HISTORY_DEFINITIONS) as Array<keyof typeof HISTORY_DEFINITIONS>).map((parameter) => {
      const { format, threshold: _bands, ...texts } = HISTORY_DEFINITIONS[parameter];
      return {
        tdId: definitionId(parameter),
        parameter,
        format,
        fallback: 'n/a' as const,
        ...texts,
        ...stamp,
      };
    }),
    ...(['wifiHealth', 'firmware'] as const).map((parameter) => ({
      tdId: definitionId(parameter),
      parameter,
      format: null,
      fallback: 'n/a' as const,
      ...WORD_DEFINITIONS[parameter],
      ...stamp,
    })),
  ];
  const rules: RuleDocument[] = [];
  const rule = (
    technology: Technology,
    parameter: Parameter,
    name: string,
    fields: Pick<
      RuleDocument,
      'rangeMin' | 'rangeMax' | 'alphaValue' | 'result' | 'description' | 'descriptionFr'
    >,
  ) =>
    rules.push({
      tdId: `${technology}-${parameter}-${name}`,
      definitionName: definitionId(parameter),
      technology,
      variantName: null,
      isDefault: true,
      version: null,
      ...fields,
      ...stamp,
    });
  const range = (min: number | null, max: number | null, result: RuleResult) => ({
    rangeMin: min,
    rangeMax: max,
    alphaValue: null,
    result,
    description: null,
    descriptionFr: null,
  });
  const word = (
    alphaValue: string,
    result: RuleResult,
    texts: { description: string; descriptionFr: string } | null = null,
  ) => ({
    rangeMin: null,
    rangeMax: null,
    alphaValue,
    result,
    description: texts?.description ?? null,
    descriptionFr: texts?.descriptionFr ?? null,
  });
  for (const technology of TECHNOLOGIES as readonly Technology[]) {
    for (const metric of metrics)
      for (const band of ranges(DEFAULT_THRESHOLDS[technology][metric]))
        rule(technology, metric, band.name, range(band.min, band.max, band.result));
    for (const [health, result] of Object.entries(WIFI_HEALTH_GRADES))
      rule(technology, 'wifiHealth', health.toUpperCase(), word(health, result));
    for (const band of ranges(PLUME_HEALTH_SCORE))
      rule(technology, 'wifiHealth', `SCORE-${band.name}`, range(band.min, band.max, band.result));
    for (const [parameter, { format, threshold }] of Object.entries(HISTORY_DEFINITIONS))
      for (const band of ranges({ ...threshold, unit: format ?? '' }))
        rule(technology, parameter as Parameter, band.name, range(band.min, band.max, band.result));
    for (const [score, result] of Object.entries(FIRMWARE_SCORE_GRADES)) {
      const { name, ...texts } = FIRMWARE_RULES[score as keyof typeof FIRMWARE_RULES];
      rule(technology, 'firmware', name, word(score, result, texts));
    }
  }
  // A variant with no rules of its own yet: its devices grade by the default rules until engineering
  // gives it some (the threshold screen's example).
  const variants: Array<Omit<VariantDocument, 'ruleCount'>> = [
    {
      tdId: 'GPON-XGS',
      variantName: 'XGS PON optics',
      variantNameFr: 'Optique XGS PON',
      technology: 'GPON',
      identifier: 'XS-010X-Q',
      variants: ['Nokia XS-010X-Q'],
      description: '10G symmetric ONUs',
      descriptionFr: 'ONU symétriques 10G',
      ...stamp,
    },
  ];
  // The count the triggers keep once the records are written: how many rules name each one.
  const counted = <T extends { tdId: string }>(record: T, field: 'definitionName' | 'variantName') => ({
    ...record,
    ruleCount: rules.filter((entry) => entry[field] === record.tdId).length,
  });
  return {
    definitions: definitions.map((definition) => counted(definition, 'definitionName')),
    rules,
    variants: variants.map((variant) => counted(variant, 'variantName')),
  };
}

/**
 * The migration of rows written before the French texts (scripts/migrate-threshold-french.ts): the French
 * fields the seed gives a stored row of its own id that lacks them, where the row's English text is still
 * the seed's (an English text engineering has changed since is theirs to translate: the row stays flagged
 * as untranslated). Empty when there is nothing to add.
 */
export function seedFrenchFor(
  kind: ThresholdKind,
  row: Readonly<Record<string, unknown>>,
  set: ThresholdSet = seedThresholdSet(),
): Record<string, string> {
  const rows: ReadonlyArray<{ tdId: string }> = set[kind];
  const seeded = rows.find((entry) => entry.tdId === row.tdId) as
    Readonly<Record<string, unknown>> | undefined;
  if (!seeded) return {};
  const missing = new Set(untranslatedFields(kind, row));
  const added: Record<string, string> = {};
  for (const [english, french] of FRENCH_FIELDS[kind]) {
    const text = seeded[french];
    if (missing.has(french) && row[english] === seeded[english] && typeof text === 'string')
      added[french] = text;
  }
  return added;
}
