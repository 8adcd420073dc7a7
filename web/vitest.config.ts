import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.spec.{ts,tsx}'],
    environment: 'jsdom',
  },
});
