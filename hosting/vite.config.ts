import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { envProblems } from './src/config/env-schema.ts';

/** Stops the build or the dev server on a bad VITE_* configuration, with the list of what is wrong. */
function checkedEnv(): Plugin {
  return {
    name: 'insight-checked-env',
    configResolved({ env, mode }) {
      const problems = envProblems(env);
      if (problems.length)
        throw new Error(
          `Invalid configuration (mode ${mode}):\n${problems.map((line) => `  ${line}`).join('\n')}`,
        );
    },
  };
}

export default defineConfig({
  plugins: [react(), checkedEnv()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // Read by scripts/prerender.ts (which chunks a kept session's page needs; it removes the file).
    manifest: true,
    // Many pages share small pieces of MUI and of the app: split automatically, a signed-in page loaded
    // about 70 chunks of 1–5 KB, a request each (several round trips on a phone's connection). Common
    // chunks under 128 KB of source are copied into the chunks that use them instead (one shared module
    // state, kept by Rolldown's runtime): the 360 view loads 10 chunks, the landing 7 (docs/architecture.md,
    // "First load"). Left out: the chunks that hold SWR, MUI's inputs or its chip, which the signed-in
    // home's page and its search field would each carry a copy of.
    rolldownOptions: {
      // The page's entry (index.html), and the reads a kept session starts before it (src/early-reads.ts).
      input: { index: 'index.html', 'early-reads': 'src/early-reads.ts' },
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: {
            maxSize: 128 * 1024,
            exclude: [/node_modules[\\/](swr|@mui[\\/]material[\\/](InputBase|Chip))[\\/]/],
          },
        },
      },
    },
  },
});
