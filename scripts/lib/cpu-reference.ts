/**
 * The CPU reference every benchmark prints with its figures (docs/performance.md, "Reading a figure"): the
 * time of one fixed single-threaded computation, measured in the same run. Machines of this kind differ
 * by 2× or more from one session to the next; a figure read beside its reference can be judged as a
 * ratio on any machine (a figure that follows the CPU grows with the reference).
 *
 * The computation is the kind of work the project's processes do: JSON written and parsed, strings and
 * objects built, an array sorted, arithmetic; about 150 ms on this project's 2-core machine kind. It runs
 * once to warm up, then REPEATS times; the median is the reference.
 */
import { cpus, loadavg } from 'node:os';
import { median, spread } from '../../harness/stats';

const REPEATS = 5;

export interface CpuReference {
  /** Median time of the computation, ms. */
  ms: number;
  /** The `cpu_ref_ms=…` field for a benchmark's summary line. */
  figure: string;
}

/** The fixed computation: same input, same work, every run (a seeded generator, no I/O, no allocation left). */
export function referenceWork(): number {
  let seed = 0x2545f491;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 0x1_0000_0000;
  };
  let check = 0;
  for (let round = 0; round < 2; round++) {
    const rows = Array.from({ length: 5000 }, (_, index) => ({
      mac: (index * 2654435761).toString(16).padStart(12, '0').slice(-12),
      rx: -8 - next() * 22,
      name: `customer ${index} ${next().toString(36).slice(2, 8)}`,
      grades: ['pass', 'warn', 'fail'].slice(0, 1 + (index % 3)),
    }));
    const parsed = JSON.parse(JSON.stringify(rows)) as typeof rows;
    parsed.sort((a, b) => a.rx - b.rx || a.mac.localeCompare(b.mac));
    for (const row of parsed) check = (check + Math.round(row.rx * 100) + row.name.length + row.grades.length) % 1_000_003;
    const values = new Float64Array(100_000).map(() => next());
    values.sort();
    for (let i = 0; i < values.length; i += 1) check = (check + Math.floor(values[i]! * 1000) * (i & 7)) % 1_000_003;
  }
  return check;
}

/** Measures the reference and prints it with what names the machine; `label` is the benchmark's name. */
export function cpuReference(label: string): CpuReference {
  referenceWork();
  const times: number[] = [];
  for (let run = 0; run < REPEATS; run++) {
    const started = performance.now();
    referenceWork();
    times.push(performance.now() - started);
  }
  const ms = Math.round(median(times));
  const { min, max } = spread(times);
  const machine = `${cpus()[0]?.model.trim() ?? 'unknown CPU'} × ${cpus().length}`;
  console.log(
    `${label} cpu reference: ${ms} ms (median of ${REPEATS}, ${Math.round(min)}–${Math.round(max)} ms; ` +
      `${machine}; load average ${loadavg()[0]!.toFixed(1)}; node ${process.version}; ${new Date().toISOString().slice(0, 16)}Z)`,
  );
  return { ms, figure: `cpu_ref_ms=${ms}` };
}

/**
 * Lighthouse's own CPU measure: the `benchmarkIndex` of each audit (higher is faster), and the CPU slowdown
 * its throttling documentation ("Calibrating the CPU slowdown") suggests for a mid-tier phone from a host
 * of that index. The bench applies Lighthouse's default 4×, meant for a high-end desktop host.
 */
export function lighthouseCalibration(benchmarkIndexes: number[]): string {
  const known = benchmarkIndexes.filter((index) => Number.isFinite(index));
  if (known.length === 0) return 'benchmarkIndex=NA';
  const index = Math.round(median(known));
  const { min, max } = spread(known);
  const [host, slowdown] =
    index >= 1500
      ? ['high-end desktop', '4× (2–10×)']
      : index >= 1000
        ? ['low-end desktop', '2× (1–5×)']
        : index >= 800
          ? ['high-end mobile', '2× (1–5×)']
          : index >= 125
            ? ['mid-tier mobile', '1×']
            : ['low-end mobile', '1× (slower than the target phone already)'];
  return (
    `benchmarkIndex=${index} (median of ${known.length} audits, ${Math.round(min)}–${Math.round(max)}; ` +
    `a ${host} host by Lighthouse's table; its calibrated slowdown for a mid-tier phone: ${slowdown}; this bench applies 4×)`
  );
}
