/**
 * The floor the cost scripts scale their measured rows to (`cost:view`, the API's side; `cost:browser`, the
 * browser's own Firestore operations), and the list prices they price it at. docs/performance.md, "What a
 * view costs".
 */

/**
 * Agents at the peak hour (COST_AGENTS), what each does in it, the installers watching a staging page, and
 * how many peak hours a day's traffic is worth.
 */
export const FLOOR = {
  agents: Number(process.env.COST_AGENTS ?? 5000),
  viewsPerAgentHour: 20,
  /** Of the views, those on a device another agent looked at in the last 5 minutes (a caller's second call). */
  repeatShare: 0.1,
  searchesPerAgentHour: 4,
  operationsPerAgentHour: 2,
  stagingWatchers: 300,
  peakHoursPerDay: 8,
  /**
   * The share of the peak hour an agent's Insight page is visible (its polls run only then): 1, the upper
   * bound, every agent's page shown all hour.
   */
  visibleShare: 1,
  /** ONUs behind the port listings, and ONUs per port (docs/simulated-network.md). */
  onus: 500_000,
  onusPerPort: 32,
};

/** Per second at the floor, for something each agent does `perAgentHour` times an hour. */
export const perSecondAtFloor = (perAgentHour: number) => (FLOOR.agents * perAgentHour) / 3600;

/** The peak hours of a day, in seconds. */
export const FLOOR_DAY_SECONDS = FLOOR.peakHoursPerDay * 3600;

/**
 * List prices in USD, northamerica-northeast1 (Montréal), as of 2026-11-27: Cloud Run functions
 * (request-based billing, tier 1: vCPU-second, GiB-second, request), Firestore Standard edition (per 100,000
 * document reads, writes). Read them again from the price pages before a budget.
 */
export const PRICES = {
  vcpuSecond: 0.000024,
  gibSecond: 0.0000025,
  perMillionRequests: 0.4,
  firestoreReadsPer100k: 0.033,
  firestoreWritesPer100k: 0.099,
  date: '2026-11-27',
};

/** A month (30 days) of Firestore at `reads` and `writes` a second through the peak hours, in USD. */
export const firestoreMonth = (reads: number, writes: number) =>
  ((reads * FLOOR_DAY_SECONDS * 30) / 1e5) * PRICES.firestoreReadsPer100k +
  ((writes * FLOOR_DAY_SECONDS * 30) / 1e5) * PRICES.firestoreWritesPer100k;
