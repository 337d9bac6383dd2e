/** The /sample page's demo data: shaped like the real screens' data, never read from or written to the database. */
import type { Grading } from '@insight/common/threshold-grading';
import { HttpError } from '../../../lib/http-client';

export interface DemoArea {
  id: string;
  name: string;
  devices: number;
}

export const DEMO_AREAS: readonly DemoArea[] = [
  { id: 'ON-OTT-01', name: 'Ottawa Centre', devices: 12 },
  { id: 'ON-KIN-01', name: 'Kingston', devices: 3 },
  { id: 'ON-TOR-03', name: 'Toronto Est', devices: 0 },
  { id: 'QC-MTL-02', name: 'Montréal Plateau', devices: 7 },
  { id: 'QC-QUE-01', name: 'Québec Limoilou', devices: 0 },
];

/** The database's own text, shown as it comes (docs/requirements.md, "Admin kit"). */
export const DEMO_DATABASE_MESSAGE = 'PERMISSION_DENIED: Missing or insufficient permissions.';

export const DEMO_DEVICE = {
  model: 'Nokia XS-010X-Q',
  firmware: '3FE49362IJLK02',
  networkGroup: 'ON-OTT-01',
};

export const demoFetched = () => ({ data: DEMO_DEVICE, fetchedAt: new Date().toISOString(), cached: false });

export const DEMO_TIMEOUT = new HttpError(504, 'upstream_timeout', 'No answer within 8000 ms');

const rule = (
  grade: Grading['grade'],
  value: number,
  name: string,
  range: { rangeMin: number | null; rangeMax: number | null },
): Grading => ({
  grade,
  value,
  unit: 'dBm',
  source: {
    kind: 'default',
    definition: 'GPON-rxPower',
    rule: name,
    variant: null,
    range: { ...range, alphaValue: null },
  },
});

/** One receive power per grade, each decided by a rule of the seeded threshold set. */
export const DEMO_GRADES: readonly Grading[] = [
  rule('pass', -18.4, 'GPON-rxPower-PASS', { rangeMin: -25, rangeMax: -8 }),
  rule('warn', -25.9, 'GPON-rxPower-WARN-LOW', { rangeMin: -27, rangeMax: -25 }),
  rule('fail', -29.3, 'GPON-rxPower-FAIL-LOW', { rangeMin: null, rangeMax: -27 }),
  {
    grade: 'n/a',
    value: null,
    unit: 'dBm',
    source: { kind: 'none', definition: null, rule: null, variant: null, range: null },
  },
];
