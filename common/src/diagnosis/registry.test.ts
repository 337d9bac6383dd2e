/**
 * The registry of finding kinds holds together: one rank each, texts in both languages that name the same
 * values, root causes that explain kinds of the registry, and the playbook read off it.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAYBOOK, PLAYBOOK_KEYS } from '../diagnosis-playbook-defaults';
import { FINDING_KIND_LIST, ROOT_CAUSES, isRootCause, kindSpec } from './registry';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the registry of finding kinds', () => {
  it('gives every kind a rank of its own', () => {
    const ranks = FINDING_KIND_LIST.map((kind) => kindSpec(kind).rank);
    expect(new Set(ranks).size).toBe(ranks.length);
  });

  it('gives every kind a title, a cause and a step in English and in French, naming the same values', () => {
    for (const kind of FINDING_KIND_LIST) {
      const { en, fr } = kindSpec(kind).playbook;
      for (const [index, text] of en.entries()) {
        expect(text.trim(), `${kind} en ${index}`).not.toBe('');
        expect(fr[index]!.trim(), `${kind} fr ${index}`).not.toBe('');
        expect(fr[index], `${kind} fr ${index} is not the English`).not.toBe(text);
        expect(placeholders(fr[index]!), `${kind} ${index}`).toEqual(placeholders(text));
      }
    }
  });

  it('makes the playbook: one entry per kind, in the registry order', () => {
    expect([...PLAYBOOK_KEYS]).toEqual(FINDING_KIND_LIST);
    expect(DEFAULT_PLAYBOOK.map((entry) => entry.key)).toEqual(FINDING_KIND_LIST);
    expect(DEFAULT_PLAYBOOK.find((entry) => entry.key === 'portOutage')?.titleFr).toMatch(/^Panne/);
  });

  it('has root causes that explain other kinds of the registry, hold the reset, and score in the link group', () => {
    expect(ROOT_CAUSES).toEqual([
      'knownOutage',
      'portOutage',
      'portPartial',
      'powerAtHome',
      'onuAdminDown',
      'dropCut',
    ]);
    for (const cause of ROOT_CAUSES) {
      const spec = kindSpec(cause);
      expect(spec.root?.holds).toContain('reset');
      expect(spec.score).toEqual({ group: 'link' });
      for (const explained of spec.root!.explains) {
        expect(FINDING_KIND_LIST).toContain(explained);
        expect(isRootCause(explained), `${cause} explains ${explained}`).toBe(false);
      }
      // A root cause ranks before the faults it explains (a section that could not be read comes first of
      // all, whatever its cause: the agent must know what is unknown).
      const faults = spec.root!.explains.filter((kind) => !kind.startsWith('section'));
      const first = Math.min(...faults.map((kind) => kindSpec(kind).rank));
      expect(spec.rank).toBeLessThan(first);
    }
  });

  it('ranks what could not be read before the faults, and the records last', () => {
    expect(kindSpec('macNotFound').rank).toBeLessThan(kindSpec('portOutage').rank);
    expect(kindSpec('bcStale').rank).toBeGreaterThan(kindSpec('wifiClients').rank);
  });
});
