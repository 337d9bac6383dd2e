/**
 * npm run diagnosis:calibrate: the experience score over the simulator's whole ordinary catalogue and per
 * catalogue kind, with the confidence levels and the commonest top finding, as the markdown tables of
 * docs/diagnosis.md, "Calibration". Runs the functions' own section loaders and diagnosis against the
 * simulator in process (functions/src/testing/catalogue-views.ts); SIM_SEED and SIM_CUSTOMERS choose the
 * catalogue (default: insight, 5,000).
 */
import type { Diagnosis } from '../common/src/diagnosis';
import { catalogueViews, type CatalogueDevice } from '../functions/src/testing/catalogue-views';

const seed = process.env.SIM_SEED ?? 'insight';
const started = performance.now();
const views = await catalogueViews({ seed });
const all = await views.devices();
const ordinary = all.filter((device) => /^(A4C1E8|3C7A8A)/.test(device.mac));
const made = all.filter((device) => !/^(A4C1E8|3C7A8A)/.test(device.mac));

const results = new Map<string, Diagnosis>();
// As the page shows a view once every answer is in: the sections and the week's history.
for (const device of all) results.set(device.mac, await views.diagnose(device.mac, 'en', true));
await views.close();

type Row = {
  n: number;
  scores: number[];
  none: number;
  levels: Record<string, number>;
  tops: Map<string, number>;
};
function summarise(devices: CatalogueDevice[]): Row {
  const row: Row = { n: devices.length, scores: [0, 0, 0, 0, 0], none: 0, levels: {}, tops: new Map() };
  for (const device of devices) {
    const diagnosis = results.get(device.mac)!;
    if (diagnosis.score === null) row.none += 1;
    else row.scores[diagnosis.score - 1]! += 1;
    row.levels[diagnosis.confidence.level] = (row.levels[diagnosis.confidence.level] ?? 0) + 1;
    const top = diagnosis.findings[0]?.key ?? '(none)';
    row.tops.set(top, (row.tops.get(top) ?? 0) + 1);
  }
  return row;
}
const pct = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`);
const commonest = (row: Row) => [...row.tops.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '(none)';
const line = (name: string, row: Row) =>
  `| ${name} | ${row.n} | ${row.scores.map((count) => count || '').join(' | ')} | ${row.none || ''} | ${pct((row.scores[3] ?? 0) + (row.scores[4] ?? 0), row.n - row.none)} | ${row.levels.high ?? 0}/${row.levels.medium ?? 0}/${row.levels.low ?? 0} | ${commonest(row)} |`;
const header = [
  '| devices | n | score 1 | 2 | 3 | 4 | 5 | none | 4 or 5 | confidence high/medium/low | commonest top finding |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
];

const total = summarise(ordinary);
console.log(`Seed ${seed}: ${ordinary.length} ordinary devices and ${made.length} made for tests.\n`);
console.log('## The ordinary catalogue\n');
console.log([...header, line('all ordinary devices', total)].join('\n'));
console.log(
  `\nScore shares: ${total.scores.map((count, i) => `${i + 1}: ${pct(count, ordinary.length)}`).join(', ')}.\n`,
);

console.log('## Per kind\n');
const kinds = [...new Set(all.flatMap((device) => device.kinds))].sort();
const rows = kinds.map((kind) => line(kind, summarise(all.filter((device) => device.kinds.includes(kind)))));
console.log([...header, ...rows].join('\n'));
console.log(`\n${results.size} views diagnosed in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
