import { describe, expect, it } from 'vitest';
import { laneOf, laneTimes } from './test-reports';

const at = (name: string, startTime: number, seconds: number) => ({
  name: `/repo/${name}`,
  startTime,
  endTime: startTime + seconds * 1000,
});

describe('npm test: where the time goes', () => {
  it('when a file is in the unit step’s report, then its path names its lane; in an emulator report, the report does', () => {
    expect(laneOf('unit.json', 'functions/src/http/staging.api.test.ts')).toBe('api');
    expect(laneOf('unit.json', 'hosting/src/app/page-titles.test.tsx')).toBe('web');
    expect(laneOf('unit.json', 'common/src/mac.test.ts')).toBe('unit');
    expect(laneOf('emulators-e2e-shell-admin.json', 'tests/e2e/shell.test.ts')).toBe('e2e-shell-admin');
  });

  it('when lanes have files, then each lists its five slowest, slowest first, and its time from first start to last end', () => {
    const unit = {
      testResults: [
        at('common/src/a.test.ts', 0, 1),
        at('common/src/b.test.ts', 0, 9),
        at('hosting/src/c.test.tsx', 1000, 4),
        ...[2, 3, 4, 5, 6, 7].map((seconds, i) => at(`scripts/${i}.test.ts`, 500, seconds)),
      ],
    };
    const e2e = { testResults: [at('tests/e2e/x.test.ts', 0, 30), at('tests/e2e/y.test.ts', 30_000, 12.34)] };
    const lanes = laneTimes(
      [
        { name: 'unit.json', report: unit },
        { name: 'emulators-e2e.json', report: e2e },
      ],
      '/repo',
    );
    expect(lanes.map((lane) => [lane.lane, lane.files, lane.wallSeconds])).toEqual([
      ['unit', 8, 9],
      ['web', 1, 4],
      ['e2e', 2, 42.3],
    ]);
    expect(lanes[0]!.slowest.map((file) => [file.file, file.seconds])).toEqual([
      ['common/src/b.test.ts', 9],
      ['scripts/5.test.ts', 7],
      ['scripts/4.test.ts', 6],
      ['scripts/3.test.ts', 5],
      ['scripts/2.test.ts', 4],
    ]);
  });
});
