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
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    css: false,
  },
});
