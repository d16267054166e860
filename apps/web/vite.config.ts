import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// The API server (apps/server) listens on 3000 by default; in development Vite proxies
// the tRPC and REST paths to it so the browser talks to one origin, as in production.
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Every built text asset also as .br and .gz, served as they are by the server
    // (@fastify/static preCompressed): no compression work per request
    // (docs/performance.md#http-caching-and-compression).
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|mjs|css|html|svg|json|webmanifest|wasm)$/,
      threshold: 256,
    }),
    // The installable app (docs/gate.md#installing-the-app): the web manifest, and one service
    // worker built
    // from service-worker/sw.ts to /sw.js (the path NotificationSettingsCard's push subscription uses),
    // with the build's files listed in it for precaching. A new version waits until the user
    // chooses Reload (registerType 'prompt'); the signed-in shell registers it
    // (lib/service-worker.ts), so nothing is injected into index.html but the manifest link.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Gatehouse',
        short_name: 'Gatehouse',
        description: 'Visitor passes and gate check-in for your community.',
        lang: 'en',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f3d3e',
        // boot.css's background: the splash screen matches the loading shell.
        background_color: '#f8fafc',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // A classic script: registered without `type: 'module'`.
        rollupFormat: 'iife',
        // The shell, every route's code, both catalogs, the icons and the scanner's WASM
        // (assets/zxing_reader-*.wasm, 1.1 MB); never the .br/.gz copies beside them.
        globPatterns: ['**/*.{html,js,css,svg,png,wasm,webmanifest}'],
        globIgnores: ['sw.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/trpc': apiTarget,
      '/api': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own file stays cached across releases.
        // Other libraries go with the routes that use them, so /login loads only its own.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
