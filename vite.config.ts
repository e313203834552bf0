import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The web app manifest lives at the top of the repo (one file people can read and edit); this copies it into the
 * build unchanged so the served manifest is exactly that file.
 */
function webManifest(): Plugin {
  const source = `${repoRoot}manifest.webmanifest`;
  return {
    name: 'hearth-web-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_request, response) => {
        response.setHeader('Content-Type', 'application/manifest+json');
        response.end(readFileSync(source));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync(source) });
    },
  };
}

export default defineConfig({
  root: 'pwa',
  publicDir: 'public',
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: `${repoRoot}pwa/routes`,
      generatedRouteTree: `${repoRoot}pwa/route-tree.gen.ts`,
      autoCodeSplitting: true,
    }),
    react(),
    vanillaExtractPlugin(),
    webManifest(),
    // Our own service worker (pwa/sw/service-worker.ts) with the build's file list injected. The manifest is the
    // top-level file above and registration is ours (pwa/sw/register-service-worker.ts), so the plugin adds neither.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'service-worker.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,avif,woff2,webmanifest}'],
      },
    }),
  ],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Left alone, route splitting cuts the framework and the shared building blocks into dozens of tiny chunks,
        // each paying its own request and import/export glue. Two groups keep what every page needs together; the
        // screens, zod and Dexie still arrive only where they are used.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/, priority: 20 },
            {
              name: 'app-core',
              test: new RegExp(
                [
                  // Not the pieces only signed-in screens use: a visitor's first page would download them too.
                  'pwa/(ui|lib)/(?!switch|radio-tile|avatar|format-date|select-field|confirm-dialog)',
                  'schema/(limits|messages|theme|field-issues|sync-protocol)\\.ts',
                  'pwa/sw/(app-update-store|update-prompt)',
                  'pwa/features/(theme|marketing/footer)/',
                  'pwa/features/account/(auth-store|server-session|account-urls|display-name)',
                  'pwa/features/shell/(app-shell|public-header|nav-items|nav-item-links|use-disclosure|brand-link|loading-screen|signed-in-chrome|breakpoints|header)',
                  'pwa/features/sync/(device-session-store|use-device-session)',
                  'pwa/features/settings/(user-settings-store|use-text-size-from-settings)',
                  'pwa/features/marketing/(download-popup/(open-download-popup|install-prompt|download-popup-host)|contact/public-form-failure)',
                ].join('|'),
              ),
              priority: 10,
            },
            { name: 'marketing', test: /pwa[\\/]features[\\/]marketing[\\/]ui[\\/]/, priority: 10 },
            {
              // What a signed-in home needs as it opens, in one chunk instead of two dozen small ones (each paying
              // its own import/export glue and compressing on its own). Screens and dialogs opened later stay apart.
              name: 'signed-in',
              test: new RegExp(
                [
                  // Not the doors the landing route holds (signed-in-area, feed-screen-loader): visitors load those.
                  'pwa/features/(feed|family|sync)/(?!(comment-thread|post-editor|likers-dialog|write-from-screen|signed-in-area|storage-unavailable-screen|feed-screen-loader)|tree/|invite/invite-dialog|join/)',
                  'pwa/features/shell/(signed-in-header|account-menu|navigation-drawer|bottom-tab-bar)',
                  'pwa/features/account/sign-out',
                  'pwa/sync/(?!write)',
                  'pwa/db/',
                  'pwa/ui/(avatar|select-field)',
                  'pwa/lib/format-date',
                  'schema/choices',
                  'node_modules/(dexie|dexie-react-hooks)/',
                ].join('|'),
              ),
              priority: 5,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
