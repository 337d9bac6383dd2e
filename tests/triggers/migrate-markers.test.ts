/**
 * The marker migration (docs/migrations.md) against the emulator: rows written before the markers
 * existed (their markers removed here) get them, so that moving such a row takes its count off the old
 * parent; a run stopped half-way resumes; a second run changes nothing; `npm run migrate:markers` prints
 * what it changed.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { NETWORK_COLLECTIONS } from '@insight/common/network';
import { markerRef, migrateMarkers } from '../../functions/src/adapters/firestore';
import {
  closeAdmin,
  cmtsRow,
  countOf,
  countsSettle,
  db,
  putArea,
  putCmts,
  uniqueId,
  PROJECT_ID,
} from './support';

const ctx = { db, now: Date.now };

describe('marker migration (Firestore emulator with the triggers)', () => {
  afterAll(closeAdmin);

  it('when rows have no markers (written before them), then after the migration a move takes the count off the old parent; an interrupted run resumes and a second run changes nothing', async () => {
    const [h1, h2, m1] = [uniqueId('MH1'), uniqueId('MH2'), uniqueId('MM1')];
    await Promise.all([putArea('headEnd', h1), putArea('headEnd', h2), putArea('marketArea', m1)]);
    const rows = Array.from({ length: 4 }, (_, n) => uniqueId(`MR${n}`));
    for (const id of rows) await putCmts(cmtsRow(id, h1, m1));
    await countsSettle([
      { kind: 'headEnd', id: h1, count: 4 },
      { kind: 'marketArea', id: m1, count: 4 },
    ]);
    // As deployed over old data: the rows have no markers; H1's stored count is off.
    for (const id of rows) await markerRef(db(), 'cmts', id).delete();
    await db().collection(NETWORK_COLLECTIONS.headEnd).doc(h1).update({ cmtsCount: 9 });

    // A run interrupted after its first page, then run again: it resumes from there.
    let pages = 0;
    await expect(
      migrateMarkers(ctx, {
        progress: () => {
          pages += 1;
          throw new Error('stopped');
        },
      }),
    ).rejects.toThrow('stopped');
    expect(pages).toBe(1);
    const resumed = await migrateMarkers(ctx);
    expect(resumed.resumedFrom).not.toBeNull();
    for (const id of rows) expect((await markerRef(db(), 'cmts', id).get()).exists, id).toBe(true);
    expect(await countOf('headEnd', h1)).toBe(4);
    expect(resumed.repaired).toContainEqual({ list: 'headEnd', id: h1, was: 9, now: 4 });

    // A move now takes the count off the old parent (without a marker, H1 kept it).
    await putCmts(cmtsRow(rows[0]!, h2, m1));
    await countsSettle([
      { kind: 'headEnd', id: h1, count: 3 },
      { kind: 'headEnd', id: h2, count: 1 },
    ]);

    // Run again, through the npm script: nothing left to change among these rows.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/migrate-markers.ts', PROJECT_ID],
      { env: { ...process.env }, cwd: process.cwd() },
    );
    expect(stdout).toContain('migrate:markers done');
    const again = await migrateMarkers(ctx);
    expect(again.resumedFrom).toBeNull();
    expect(again.repaired.filter((fix) => [h1, h2, m1].includes(fix.id))).toEqual([]);
    expect(await countOf('headEnd', h1)).toBe(3);
  });
});
