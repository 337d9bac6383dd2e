import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  OUTAGE_THRESHOLDS,
  portOutageKind,
  outageCovers,
  outageId,
  outageNoteEditSchema,
  outagePortPath,
  outageSchema,
  type Outage,
} from './outages';
import { anOutage } from './testing/outage-fixtures';

const port: Outage = anOutage({
  notify: { state: 'pending', attempts: 0, lastError: null, updatedAt: '2026-11-27T14:07:00.000Z' },
});
const area: Outage = { ...port, kind: 'power-outage', olt: null, port: null, headEnd: null };

describe('outages', () => {
  it('names an outage by its fingerprint and the epoch second it started', () => {
    expect(outageId('3f2a9c1d0e4b5a67', '2026-11-27T14:02:00Z')).toBe('3f2a9c1d0e4b5a67-1795788120');
    expect(outageSchema.parse(port)).toEqual(port);
  });

  it('covers the devices of its port only, and nothing once resolved', () => {
    expect(outageCovers(port, { olt: 'OLT-TOR-1', port: '1/1/5', area: 'MA-TOR' })).toBe(true);
    expect(outageCovers(port, { olt: 'OLT-TOR-1', port: '1/1/6', area: 'MA-TOR' })).toBe(false);
    expect(outageCovers(port, { olt: 'OLT-TOR-2', port: '1/1/5', area: 'MA-TOR' })).toBe(false);
    expect(outageCovers({ ...port, state: 'resolved' }, { olt: 'OLT-TOR-1', port: '1/1/5' })).toBe(false);
  });

  it('covers the devices of its area, or of its head end when it names one', () => {
    expect(outageCovers(area, { olt: 'OLT-TOR-9', port: '1/2/3', area: 'MA-TOR' })).toBe(true);
    expect(outageCovers(area, { area: 'MA-OTT' })).toBe(false);
    expect(outageCovers(area, {})).toBe(false);
    const headEnd = { ...area, headEnd: 'ON-TOR-02' };
    expect(outageCovers(headEnd, { area: 'MA-TOR', headEnd: 'ON-TOR-02' })).toBe(true);
    expect(outageCovers(headEnd, { area: 'MA-TOR', headEnd: 'ON-TOR-01' })).toBe(false);
  });

  it('links a port outage to its port page', () => {
    expect(outagePortPath(port)).toBe('/i/port/OLT-TOR-1/1/1/5');
    expect(outagePortPath(area)).toBeNull();
  });

  it('reads a note edit with empty fields as null and refuses bad ones with encoded messages', () => {
    expect(
      outageNoteEditSchema.parse({ ticket: ' OUT-123 ', backAbout: '', text: ' crew on site ' }),
    ).toEqual({
      ticket: 'OUT-123',
      backAbout: null,
      text: 'crew on site',
    });
    expect(
      outageNoteEditSchema.parse({ ticket: '', backAbout: '2026-11-27T11:00:00-05:00', text: '' }).backAbout,
    ).toBe('2026-11-27T16:00:00.000Z');
    const refused = outageNoteEditSchema.safeParse({
      ticket: 'OUT 1;',
      backAbout: 'tomorrow',
      text: 'x'.repeat(501),
    });
    expect(refused.success).toBe(false);
    const messages = Object.fromEntries(refused.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({ ticket: 'alphanumericBrackets', backAbout: 'date', text: 'maxLength:500' });
    expect(
      outageNoteEditSchema.safeParse({ ticket: null, backAbout: null, text: '', extra: 1 }).success,
    ).toBe(false);
  });
});

describe('the outage thresholds', () => {
  it('are the numbers of the rules file', () => {
    const rules = readFileSync(new URL('../../monitoring/rules/outages.yml', import.meta.url), 'utf8');
    const t = OUTAGE_THRESHOLDS;
    for (const text of [
      `olt_port:onus_lost_signal:count >= ${t.portShare} * olt_port:onus:count`,
      `olt_port:onus_lost_signal:count >= ${t.portMinOnus}\n`,
      `olt_port:onus_lost_signal:count >= ${t.partialShare} * olt_port:onus:count`,
      `olt_port:onus_lost_signal:count >= ${t.partialMinOnus}\n`,
      `head_end:onus_gasped:count >= ${t.powerMinOnus}\n`,
      `head_end:ports_gasped:count >= ${t.powerMinPorts}\n`,
    ])
      expect(rules, text).toContain(text);
  });

  it('make a port whole, partial or nothing as the rules do', () => {
    expect(portOutageKind(4, 4)).toBe('pon-outage');
    expect(portOutageKind(1, 1)).toBeNull();
    expect(portOutageKind(4, 10)).toBe('partial-port');
    expect(portOutageKind(2, 4)).toBeNull();
    expect(portOutageKind(1, 4)).toBeNull();
  });
});
