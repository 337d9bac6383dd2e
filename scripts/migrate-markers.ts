/**
 * `npm run migrate:markers -- <project>`: the marker migration (docs/migrations.md). Rows written before
 * the dependency markers existed get theirs; every kept count is set from the markers; expired
 * tombstones go. Idempotent (a second run changes nothing) and resumable (a run stopped half-way goes on
 * from the page it reached). Prints what it changed.
 *
 * Against a deployed project it uses the Application Default Credentials (`gcloud auth
 * application-default login`); with FIRESTORE_EMULATOR_HOST set, against the emulator.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { migrateMarkers } from '../functions/src/adapters/firestore';

/** Repaired counts printed one by one; the rest are counted. */
const LISTED = 100;

const project = process.argv[2];
if (!project || project.startsWith('-')) {
  console.error('usage: npm run migrate:markers -- <project id>');
  process.exit(2);
}
const app = initializeApp({ projectId: project }, 'migrate-markers');
const db = getFirestore(app);
const target = process.env.FIRESTORE_EMULATOR_HOST
  ? `the emulator at ${process.env.FIRESTORE_EMULATOR_HOST}`
  : project;
console.log(`migrate:markers on ${target}`);
const started = Date.now();
let last = '';
try {
  const report = await migrateMarkers(
    { db: () => db, now: Date.now },
    {
      progress: (position, sofar) => {
        const where = `${position.step} ${position.list}`;
        if (where !== last) console.log(`  ${where}…`);
        last = where;
        if (position.step === 'rows' && sofar.checked % 1000 === 0)
          console.log(`    ${sofar.checked} rows read, ${sofar.marked} marked`);
      },
    },
  );
  if (report.resumedFrom)
    console.log(
      `resumed an interrupted run after ${report.resumedFrom.step} ${report.resumedFrom.list}/${report.resumedFrom.after}`,
    );
  console.log(`rows and parents read: ${report.checked}`);
  console.log(`markers written (rows that had none): ${report.marked}`);
  console.log(`rows reconciled (marker out of line): ${report.reconciled}`);
  console.log(`counts repaired: ${report.repaired.length}`);
  for (const fix of report.repaired.slice(0, LISTED))
    console.log(`  ${fix.list}/${fix.id}: ${fix.was} → ${fix.now}`);
  if (report.repaired.length > LISTED) console.log(`  … and ${report.repaired.length - LISTED} more`);
  console.log(`rows naming a missing parent (left as they are): ${report.orphans.length}`);
  for (const orphan of report.orphans.slice(0, LISTED))
    console.log(`  ${orphan.list}/${orphan.id}: ${orphan.field} = ${orphan.parent}`);
  console.log(`expired tombstones removed: ${report.swept}`);
  console.log(`migrate:markers done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await deleteApp(app);
}
