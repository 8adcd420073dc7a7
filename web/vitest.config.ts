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
    // Rendering whole pages in jsdom is slow on a loaded 2-core machine.
    testTimeout: 20_000,
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    css: false,
  },
});
