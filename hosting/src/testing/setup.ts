import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import type { DataGridProps } from '@mui/x-data-grid';

// Screens with data grids take a while to render in jsdom, more so on a busy machine (a page of the 360
// view overran 4 s at a load average of 10–12) and beside the emulator suites at a lower CPU priority
// (scripts/test.ts). A wait ends as soon as what it waits for is there: the limit only bounds a failure.
configure({ asyncUtilTimeout: 30_000 });

// The Firebase SDK is faked for every web test (testing/fake-firebase.ts): no network, no emulator.
vi.mock('firebase/app', async () => (await import('./fake-firebase')).appModule);
vi.mock('firebase/auth', async () => (await import('./fake-firebase')).authModule);
vi.mock('firebase/firestore', async () => (await import('./fake-firebase')).firestoreModule);
vi.mock('firebase/firestore/lite', async () => (await import('./fake-firebase')).firestoreModule);

// jsdom lays nothing out, so a data grid's scrollbar always measures 0 there. Given that size, the grid skips
// its measuring probe (a div added, styled and read through getComputedStyle on every dimensions update),
// which was a sixth of the web tests' CPU time (docs/performance.md, "The test suite").
vi.mock('@mui/x-data-grid', async (importOriginal) => {
  const grid = await importOriginal<typeof import('@mui/x-data-grid')>();
  const { createElement, forwardRef } = await import('react');
  const DataGrid = forwardRef<HTMLDivElement, DataGridProps>((props, ref) =>
    createElement(grid.DataGrid, { scrollbarSize: 0, ...props, ref }),
  );
  return { ...grid, DataGrid };
});

// jsdom has no media queries: widths are answered for its window (1024 px wide), preferences as unset.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => {
    const width = (bound: string) => Number(/(\d+(?:\.\d+)?)px/.exec(bound)?.[1] ?? NaN);
    const matches = query.includes('min-width')
      ? window.innerWidth >= width(query)
      : query.includes('max-width')
        ? window.innerWidth <= width(query)
        : false;
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
