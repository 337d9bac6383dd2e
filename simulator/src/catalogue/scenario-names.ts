/** The diagnosis scenarios' names (catalogue/scenarios.ts), in MAC order: D1A600 00000N is the Nth. */
export const SCENARIOS = [
  'healthy',
  'power-fail',
  'power-warn',
  'firmware-wrong',
  'firmware-none',
  'wifi-poor',
  'onu-down',
  'voice-down',
  'no-bc',
  'bc-stale',
  'plume-poor',
  // Faults a snapshot cannot see: their present state is healthy (or at warn), their history shows them.
  'slow-decline',
  'flapping',
  'evening-congestion',
  'power-cuts',
  // The ACS's Wi-Fi neighbour scan (simulator/src/acs): a Plume home on a crowded 2.4 GHz channel.
  'wifi-crowded',
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];
