import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = process.env.NEBULA_API_URL ?? 'http://localhost:3000';

// Paths the server answers; everything else is the single-page app.
const proxied = ['/api', '/auth', '/license', '/sanctum', '/healthz', '/readyz'];

/**
 * Libraries every page needs go to one long-cached vendor chunk. Only list packages the entry
 * imports: a group also captures modules that only lazy pages use and would load them up front.
 */
const VENDOR =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|zustand|use-sync-external-store|@tanstack[\\/]react-query|@tanstack[\\/]query-core|clsx)[\\/]/;
/** TanStack Query's mutations and infinite lists: only lazy pages and dialogs use them (decision 0019). */
const LAZY_ONLY =
  /[\\/]@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/](useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver)\.js$/;
const isVendor = (id: string) => VENDOR.test(id) && !LAZY_ONLY.test(id);

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: API_TARGET, changeOrigin: true }])),
      '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // Zod schema builders are pure: a module that only defines schemas (e.g. the contracts' error
      // shapes next to a constant the API client needs) must not pull zod into the first visit.
      treeshake: {
        manualPureFunctions: ['z'],
        // ui/ modules are components and helpers without side effects besides their stylesheet: one the
        // app does not use stays out with its CSS, although the `ui` barrel re-exports it.
        moduleSideEffects: (id) => !/[\\/]src[\\/]ui[\\/].*\.tsx?$/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [{ name: 'vendor', test: isVendor, priority: 10 }],
        },
      },
    },
  },
});
