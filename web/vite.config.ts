import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { 'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which files each entry and lazy route loads (bench/web reads it).
    manifest: true,
    // Budget for the public entry; `npm run build` prints every chunk with its gzip size.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // @hs/domain is pure (its modules only declare functions and constants such as valibot schemas),
      // so a module none of whose exports is used can go (the server's deciders, the admin schemas):
      // the public entry is 164 KB gzip instead of 169, in 6 files instead of 12 (npm run web -w bench).
      treeshake: {
        // The same holds for Panda's generated styled-system (its CSS is extracted at build time): a
        // recipe or pattern nobody imports leaves the public entry (issue 50).
        moduleSideEffects: (id) =>
          /[\\/](packages[\\/]domain[\\/]src|web[\\/]styled-system)[\\/]/.test(id) ? false : undefined,
      },
      output: {
        // Route-level code-splitting comes from React.lazy() in src/routes.tsx (admin, older flow).
        // React itself goes in its own long-cached chunk.
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
