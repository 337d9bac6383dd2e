/**
 * Root causes and their consequences: one story. A root cause folds what it explains under it, takes the
 * score once and names it, and holds the reset on every finding of the device; a fault it does not explain
 * keeps its own story.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAYBOOK_BY_KEY } from '../diagnosis-playbook-defaults';
import { foldConsequences } from './causes';
import { finding } from './rules/finding';
import { confidenceOf, experienceScore, rankFindings, scoreSetter } from './score';
import { storyOf } from './story';
import type { Finding } from './types';

const outage = finding('port', 'portOutage', 'fail', 'port', { affected: 17, total: 17 });
const notRanged = finding('onu-state', 'onuNotRanged', 'fail', 'wan', { status: 'down' });
const ataOffline = finding('voice-ata', 'voiceAtaOffline', 'fail', 'voice');
const noCertificate = finding('bc', 'bcMissing', 'warn', 'bc');
const firmware = finding('firmware', 'firmware.fail', 'fail', 'wan');

const words = (item: Finding) => {
  const entry = DEFAULT_PLAYBOOK_BY_KEY[item.key]!;
  return { title: entry.titleEn, cause: entry.causeEn, step: entry.stepEn };
};
const actionOf = (item: Finding) => DEFAULT_PLAYBOOK_BY_KEY[item.key]?.action ?? null;

describe('root causes', () => {
  const folded = rankFindings(foldConsequences([notRanged, ataOffline, noCertificate, outage, firmware]));

  it('fold the findings they explain under them, which take nothing more from the score', () => {
    const byKey = Object.fromEntries(folded.map((item) => [item.key, item]));
    expect(byKey.onuNotRanged).toMatchObject({
      explainedBy: 'portOutage',
      effect: 'consequence',
      penalty: 0,
    });
    expect(byKey.voiceAtaOffline).toMatchObject({ explainedBy: 'portOutage', penalty: 0 });
    expect(byKey.portOutage).toMatchObject({ effect: 'score', penalty: 3, group: 'link' });
    expect(byKey.bcMissing!.explainedBy).toBeUndefined();
    // The outage counts once (3), the firmware it does not explain counts on its own (1): 5 − 4.
    expect(experienceScore(folded, 4)).toBe(1);
    expect(experienceScore(rankFindings(foldConsequences([notRanged, ataOffline, outage])), 4)).toBe(2);
  });

  it('name the finding that set the score', () => {
    expect(scoreSetter(folded)?.key).toBe('portOutage');
  });

  it('hold the reset of every finding of the device, and let a record lower the confidence as before', () => {
    expect(folded.filter((item) => item.key !== 'portOutage').map((item) => item.actionHeldBy)).toEqual(
      folded.filter((item) => item.key !== 'portOutage').map(() => 'portOutage'),
    );
    expect(confidenceOf(folded).gaps).toEqual([{ kind: 'record', key: 'bcMissing', section: 'bc' }]);
  });

  it('tell one story: the cause with its step and consequences, no reset offered, a separate fault kept', () => {
    const story = storyOf(folded, words, actionOf);
    expect(story.map((item) => item.finding.key)).toEqual(['portOutage', 'firmware.fail', 'bcMissing']);
    const [cause, held, record] = story;
    expect(cause!.consequences.map((item) => item.finding.key)).toEqual(['onuNotRanged', 'voiceAtaOffline']);
    expect(cause!.holds).toBe('portOutage');
    expect(cause!.stepWhen).toBe('now');
    // The firmware's reset waits for the outage to end; the certificate's generation does not.
    expect(held).toMatchObject({ action: null, heldBy: 'portOutage', stepWhen: 'later' });
    expect(record).toMatchObject({ action: 'regenerateBc', heldBy: null, stepWhen: 'now' });
    expect(story.some((item) => item.action === 'reset')).toBe(false);
  });

  it('change nothing without a root cause', () => {
    const alone = foldConsequences([notRanged, ataOffline]);
    expect(alone).toEqual([notRanged, ataOffline]);
    expect(storyOf(alone, words, actionOf).map((item) => item.action)).toEqual(['reset', 'reset']);
  });
});
