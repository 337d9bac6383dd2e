/**
 * What `npm test` reads from the Vitest JSON reports its steps write (.cache/test-results): where the
 * suite's time goes, lane by lane. A lane is a project: the unit step's report holds three (its files'
 * paths say which, as vitest.config.ts includes them), each emulator report one (`emulators-<project>`).
 */
import path from 'node:path';

/** The part of a Vitest JSON report read here. */
export interface TimedReport {
  testResults: Array<{ name: string; startTime?: number; endTime?: number }>;
}

export interface LaneTimes {
  lane: string;
  files: number;
  /** From the first file's start to the last file's end, s (files of a lane may run side by side). */
  wallSeconds: number;
  /** The slowest files, slowest first: path from the root and seconds. */
  slowest: Array<{ file: string; seconds: number }>;
}

/** The lane of a file in a report named `report` (`unit.json`, `emulators-e2e.json`, …). */
export function laneOf(report: string, file: string): string {
  if (report === 'unit.json')
    return file.endsWith('.api.test.ts') ? 'api' : file.startsWith('hosting/') ? 'web' : 'unit';
  return path.basename(report, '.json').replace(/^emulators-/, '');
}

/** Per lane, in the order first met: its files' count, its wall time and its `count` slowest files. */
export function laneTimes(reports: Array<{ name: string; report: TimedReport }>, root: string, count = 5) {
  const lanes = new Map<string, Array<{ file: string; start: number; end: number }>>();
  for (const { name, report } of reports)
    for (const result of report.testResults) {
      if (result.startTime === undefined || result.endTime === undefined) continue;
      const file = path.relative(root, result.name);
      const lane = laneOf(name, file);
      if (!lanes.has(lane)) lanes.set(lane, []);
      lanes.get(lane)!.push({ file, start: result.startTime, end: result.endTime });
    }
  return [...lanes].map(([lane, files]): LaneTimes => {
    const seconds = (ms: number) => Math.round(ms / 100) / 10;
    return {
      lane,
      files: files.length,
      wallSeconds: seconds(Math.max(...files.map((f) => f.end)) - Math.min(...files.map((f) => f.start))),
      slowest: files
        .map(({ file, start, end }) => ({ file, seconds: seconds(end - start) }))
        .sort((a, b) => b.seconds - a.seconds)
        .slice(0, count),
    };
  });
}
