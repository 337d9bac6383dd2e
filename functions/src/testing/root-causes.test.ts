/**
 * One cause, one story, over the simulator's catalogue and in both languages: for each kind of device whose
 * fault is a root cause (a port outage, part of a port, a dying gasp, an ONU held down at the OLT, a dark
 * drop), the diagnosis names that cause as what set the score, folds what it explains under it, and no
 * step the view offers now says to reset the device; a fault the cause does not explain keeps its own story.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  heldActions,
  storyOf,
  type Diagnosis,
  type Finding,
  type RootCause,
} from '@insight/common/diagnosis';
import { DEFAULT_PLAYBOOK_BY_KEY, fillPlaybookText } from '@insight/common/diagnosis-playbook-defaults';
import { catalogueViews } from './catalogue-views';

let views: Awaited<ReturnType<typeof catalogueViews>>;
beforeAll(async () => {
  views = await catalogueViews();
});
afterAll(() => views.close());

/** A reset the agent is told to do (not one the step forbids), in either language. */
const SAYS_RESET = [
  /(?<!not |Do not )\breset\b(?! (?:is|would))/i,
  /(?<!ne |Ne )\bréinitialisez(?![- ]\w*\s*pas)/i,
];

const wordsIn = (language: 'en' | 'fr') => (item: Finding) => {
  const entry = DEFAULT_PLAYBOOK_BY_KEY[item.key]!;
  const fill = (text: string) => fillPlaybookText(text, item.values);
  return language === 'fr'
    ? { title: fill(entry.titleFr), cause: fill(entry.causeFr), step: fill(entry.stepFr) }
    : { title: fill(entry.titleEn), cause: fill(entry.causeEn), step: fill(entry.stepEn) };
};
const actionOf = (item: Finding) => DEFAULT_PLAYBOOK_BY_KEY[item.key]?.action ?? null;

/** The catalogue kinds whose fault is a root cause, and the causes each may be named. */
const ROOT_KINDS: Record<string, readonly RootCause[]> = {
  'port-feeder': ['portOutage'],
  'olt-card-down': ['portOutage'],
  'port-branch-dark': ['portPartial', 'portOutage'],
  'dying-gasp': ['powerAtHome'],
  'admin-down': ['onuAdminDown'],
  'drop-cut': ['dropCut'],
};

function checkStory(diagnosis: Diagnosis, causes: readonly RootCause[], language: 'en' | 'fr', mac: string) {
  const root = diagnosis.findings.find((item) => (causes as string[]).includes(item.key));
  expect(root, `${mac}: ${diagnosis.findings.map((item) => item.key).join(', ')}`).toBeDefined();
  // The cause set the score, and what it explains takes nothing more from it.
  expect(diagnosis.scoreSetBy, mac).toBe(root!.id);
  const explained = diagnosis.findings.filter((item) => item.explainedBy);
  expect(explained.every((item) => item.explainedBy === root!.key && item.penalty === 0)).toBe(true);
  expect(explained.map((item) => item.key)).toContain('onuNotRanged');
  const story = storyOf(diagnosis.findings, wordsIn(language), actionOf);
  // The consequences are folded under the cause, never told apart.
  const told = story.map((item) => item.finding.key);
  expect(told.filter((key) => explained.some((item) => item.key === key))).toEqual([]);
  const rootItem = story.find((item) => item.finding === root)!;
  expect(rootItem.consequences.map((item) => item.finding.id).sort()).toEqual(
    explained.map((item) => item.id).sort(),
  );
  // Nothing offered contradicts the cause: no held action, no step to take now that says to reset.
  for (const item of story) {
    expect(heldActions(root!.key as RootCause), `${mac} ${item.finding.key}`).not.toContain(item.action);
    if (item === rootItem || item.stepWhen !== 'now') continue;
    for (const pattern of SAYS_RESET)
      expect(item.words.step, `${mac} ${item.finding.key}`).not.toMatch(pattern);
  }
  return { story, root: root! };
}

describe('one cause, one story, over the catalogue', () => {
  for (const language of ['en', 'fr'] as const)
    for (const [kind, causes] of Object.entries(ROOT_KINDS))
      it(`(${language}) ${kind}: ${causes.join(' or ')} sets the score and nothing offered says to reset`, async () => {
        const devices = (await views.devices(kind)).slice(0, 4);
        expect(devices.length).toBeGreaterThan(0);
        for (const device of devices)
          checkStory(await views.diagnose(device.mac), causes, language, device.mac);
      });

  it('a device with an outage and no birth certificate keeps both stories', async () => {
    const device = (await views.devices('port-feeder')).find((item) => item.kinds.includes('no-bc'));
    expect(device).toBeDefined();
    for (const language of ['en', 'fr'] as const) {
      const { story } = checkStory(await views.diagnose(device!.mac), ['portOutage'], language, device!.mac);
      const certificate = story.find((item) => item.finding.key === 'bcMissing');
      expect(certificate).toMatchObject({ stepWhen: 'now', action: 'regenerateBc', heldBy: null });
      expect(certificate!.words.step).toBe(
        language === 'fr'
          ? DEFAULT_PLAYBOOK_BY_KEY.bcMissing!.stepFr
          : DEFAULT_PLAYBOOK_BY_KEY.bcMissing!.stepEn,
      );
    }
  });

  it('a device whose fault is its own (low light on a bad drop) keeps its reset-free steps and no cause', async () => {
    const devices = (await views.devices('bad-drop')).slice(0, 6);
    const lowLight = [];
    for (const device of devices) {
      const diagnosis = await views.diagnose(device.mac);
      if (diagnosis.findings.some((item) => item.key === 'dropOrHome')) lowLight.push(diagnosis);
    }
    expect(lowLight.length).toBeGreaterThan(0);
    for (const diagnosis of lowLight) {
      expect(diagnosis.findings.some((item) => item.explainedBy)).toBe(false);
      expect(diagnosis.findings.find((item) => item.id === diagnosis.scoreSetBy)?.section).toBe('wan');
    }
  });
});
