/**
 * An open PON port outage as the functions store it (common/src/outages.ts), for the tests of the board,
 * the 360 view's banner and the diagnosis; each test overrides what it looks at.
 */
import type { Outage } from '../outages';

export const anOutage = (over: Partial<Outage> = {}): Outage => ({
  id: '3f2a9c1d0e4b5a67-1795788120',
  fingerprint: '3f2a9c1d0e4b5a67',
  kind: 'pon-outage',
  state: 'open',
  olt: 'OLT-TOR-1',
  port: '1/1/5',
  area: 'MA-TOR',
  headEnd: 'ON-TOR-01',
  onusDown: 17,
  onusTotal: 18,
  accounts: 17,
  startsAt: '2026-11-27T14:02:00.000Z',
  updatedAt: '2026-11-27T14:07:00.000Z',
  endsAt: null,
  note: { ticket: 'OUT-123', backAbout: '2026-11-27T16:00:00.000Z', text: '' },
  notify: { state: 'sent', attempts: 1, lastError: null, updatedAt: '2026-11-27T14:07:00.000Z' },
  ...over,
});
