/**
 * A birth certificate has two verdicts that must not be confused: the result recorded at installation
 * (`results.overall`), and today's grading of its values by the threshold rules. The view labels them
 * "Installed" and "Graded today"; the tiles, the panel and the SMS dialog take today's from here.
 */
import type { BirthCertificateGrades } from './customer360';
import type { Grade } from './grading';
import type { Grading } from './threshold-grading';

const RANK: Record<Grade, number> = { fail: 3, warn: 2, pass: 1, 'n/a': 0 };

/** The worst grade of the certificate's graded values, and the value that decided it (null: nothing graded). */
export function gradedToday(grades: BirthCertificateGrades | undefined): {
  grade: Grade;
  by: Grading | null;
} {
  if (!grades) return { grade: 'n/a', by: null };
  const values = [grades.rxPower, grades.txPower, grades.oltRxPower, ...Object.values(grades.epico)];
  let worst: Grading | null = null;
  for (const grading of values) if (!worst || RANK[grading.grade] > RANK[worst.grade]) worst = grading;
  return worst && worst.grade !== 'n/a' ? { grade: worst.grade, by: worst } : { grade: 'n/a', by: null };
}
