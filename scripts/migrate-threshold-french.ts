/**
 * Gives the threshold rows written before the French texts their French (docs/requirements.md,
 * "Thresholds"): each seeded row whose English text is still the seed's takes the seed's French
 * (common/src/threshold-seed.ts, seedFrenchFor). Rows engineering added or reworded keep what they have:
 * the threshold pages flag them as untranslated to engineering, and French screens show their English
 * texts until someone writes the French. Safe to run again (a row that has its French is left alone).
 *
 *   node --import tsx scripts/migrate-threshold-french.ts [--project <id>] [--dry-run]
 *
 * Against the emulators by default (FIRESTORE_EMULATOR_HOST, the demo project); with `--project` against
 * that project with the Application Default Credentials of whoever runs it.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { THRESHOLD_COLLECTIONS, type ThresholdKind } from '@insight/common/threshold';
import { seedFrenchFor } from '@insight/common/threshold-seed';
import { PORTS, PROJECT_ID } from './lib/emulator-env';

const AUTHOR = 'system:migration';

export async function migrateThresholdFrench(options: { project?: string; dryRun?: boolean } = {}) {
  if (!options.project) process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${PORTS.firestore}`;
  const app = initializeApp({ projectId: options.project ?? PROJECT_ID }, `migrate-${Date.now()}`);
  const changed: Array<{ kind: ThresholdKind; id: string; fields: string[] }> = [];
  try {
    const db = getFirestore(app);
    for (const kind of Object.keys(THRESHOLD_COLLECTIONS) as ThresholdKind[]) {
      const rows = await db.collection(THRESHOLD_COLLECTIONS[kind]).get();
      for (const row of rows.docs) {
        const added = seedFrenchFor(kind, { tdId: row.id, ...row.data() });
        if (Object.keys(added).length === 0) continue;
        changed.push({ kind, id: row.id, fields: Object.keys(added) });
        if (!options.dryRun)
          await row.ref.update({ ...added, updatedBy: AUTHOR, updateDate: FieldValue.serverTimestamp() });
      }
    }
  } finally {
    await deleteApp(app);
  }
  return changed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const projectIndex = process.argv.indexOf('--project');
  const changed = await migrateThresholdFrench({
    project: projectIndex === -1 ? undefined : process.argv[projectIndex + 1],
    dryRun: process.argv.includes('--dry-run'),
  });
  for (const { kind, id, fields } of changed) console.log(`[migrate] ${kind}/${id}: ${fields.join(', ')}`);
  console.log(
    `[migrate] ${changed.length} rows ${process.argv.includes('--dry-run') ? 'to update' : 'updated'}`,
  );
}
