/**
 * Resolves after the I/O that is ready now has been handled (the event loop's check phase). A section
 * awaits it before the work that only finishes its own answer (grading, building its line): under load,
 * the upstream answers already waiting are read first, so that every view's next upstream request leaves
 * before this view's section is graded (docs/performance.md, "The 360 API"; `view-sections.test.ts`).
 */
export const afterPendingIo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
