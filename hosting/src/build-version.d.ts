declare global {
  /** This build's version (vite.config.ts `define`); absent where the code runs unbuilt (tests). */
  const __INSIGHT_VERSION__: string | undefined;
}
export {};
