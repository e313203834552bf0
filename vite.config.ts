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

/**
 * A chunk group by the paths (from the repository's top, or `node_modules/<package>/`) whose modules it takes, less
 * the ones it leaves to load on their own. A path is a prefix: `pwa/ui/` is every module under it, `pwa/ui/avatar` is
 * avatar.tsx and avatar.css.ts. Every path must name at least one module of the build (`chunkPathsExist`), so a rename
 * can never leave a group silently short.
 */
type ChunkGroup = { name: string; priority: number; paths: string[]; except?: string[] };

const namesModule = (id: string, path: string) => id.replaceAll('\\', '/').includes(`/${path}`);

function chunkTest({ paths, except = [] }: ChunkGroup) {
  return (id: string) => paths.some((path) => namesModule(id, path)) && !except.some((path) => namesModule(id, path));
}

/** Fails the build when a chunk group names a path no module of the build has: renamed, moved or deleted. */
function chunkPathsExist(groups: ChunkGroup[]): Plugin {
  return {
    name: 'hearth-chunk-paths-exist',
    // The browser's build: a server-side build of a few pages has a module graph of its own.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const missing = groups.flatMap(({ name, paths, except = [] }) =>
        [...paths, ...except]
          .filter((path) => !ids.some((id) => namesModule(id, path)))
          .map((path) => `${name}: ${path}`),
      );
      if (missing.length > 0) {
        this.error(
          `vite.config.ts chunk groups name paths no module has (renamed or deleted?):\n  ${missing.join('\n  ')}`,
        );
      }
    },
  };
}

const under = (folder: string, names: string[]) => names.map((name) => `${folder}/${name}`);

// Left alone, route splitting cuts the framework and the shared building blocks into dozens of tiny chunks, each paying
// its own request and import/export glue. Two groups keep what every page needs together; the screens, zod and Dexie
// still arrive only where they are used.
const chunkGroups = (
  [
    {
      name: 'framework',
      priority: 20,
      paths: under('node_modules', ['react/', 'react-dom/', 'scheduler/', '@tanstack/']),
    },
    {
      name: 'app-core',
      priority: 10,
      paths: [
        'pwa/ui/',
        'pwa/lib/',
        ...under('schema', ['limits.ts', 'messages.ts', 'theme.ts', 'field-issues.ts', 'sync-protocol.ts']),
        ...under('pwa/sw', ['app-update-store', 'update-prompt', 'registration-gate']),
        'pwa/features/theme/',
        'pwa/features/marketing/footer/',
        // session-ended subscribes from main.tsx on every start; left to Rollup it joined the signed-in chunk.
        ...under('pwa/features/account', [
          'auth-store',
          'server-session',
          'account-urls',
          'display-name',
          'session-ended',
          'kept-writes',
        ]),
        ...under('pwa/features/shell', [
          'app-shell',
          'public-header',
          'public-nav-items',
          'nav-item-links',
          'use-disclosure',
          'brand-link',
          'loading-screen',
          'signed-in-chrome',
          'header',
        ]),
        ...under('pwa/features/device-session', ['device-session-store', 'follow-signed-in-person']),
        ...under('pwa/features/settings', ['user-settings-store', 'use-text-size-from-settings']),
        ...under('pwa/features/marketing/download-popup', [
          'open-download-popup',
          'install-prompt',
          'download-popup-host',
        ]),
        'pwa/features/marketing/contact/public-form-failure',
        // The `/` route's loader asks for it on every start: a request of its own would cost more than its bytes.
        'pwa/features/marketing/landing/landing-page-loader',
      ],
      // Not the pieces only signed-in screens use: a visitor's first page would download them too.
      except: [
        ...under('pwa/ui', [
          'switch',
          'radio-tile',
          'avatar',
          'select-field',
          'confirm-dialog',
          'use-dialog-state',
          'empty-state',
          'page-header-row',
          'skeleton',
          'copyable-link',
        ]),
        'pwa/lib/format-date',
        'pwa/lib/use-object-url',
      ],
    },
    { name: 'marketing', priority: 10, paths: ['pwa/features/marketing/ui/'] },
    {
      // What a signed-in home needs as it opens, in one chunk instead of two dozen small ones (each paying its own
      // import/export glue and compressing on its own). Screens and dialogs opened later stay apart.
      name: 'signed-in',
      priority: 5,
      paths: [
        'pwa/features/feed/',
        'pwa/features/family/',
        'pwa/features/device-session/',
        ...under('pwa/features/shell', [
          'signed-in-header',
          'account-menu',
          'navigation-drawer',
          'bottom-tab-bar',
          'nav-items',
        ]),
        ...under('pwa/features/photos', [
          'photos-icon',
          'use-family-photos',
          'photo-tile',
          'chosen-photos',
          'queue-photos',
          'photo-thumbnail',
          'local-picture',
          'photo-alt',
        ]),
        ...under('pwa/features/events', ['events-icon', 'event-times', 'birthdays', 'use-family-events']),
        'pwa/features/account/sign-out',
        'pwa/sync/',
        'pwa/db/',
        ...under('pwa/ui', ['avatar', 'select-field', 'use-dialog-state', 'skeleton']),
        'pwa/lib/format-date',
        'pwa/lib/use-object-url',
        'schema/choices',
        ...under('node_modules', ['dexie/', 'dexie-react-hooks/']),
      ],
      except: [
        ...under('pwa/features/feed', ['comment-thread', 'post-editor', 'likers-dialog', 'feed-screen-loader']),
        // The doors the landing route holds: visitors load those.
        ...under('pwa/features/device-session', ['write-from-screen', 'signed-in-area', 'storage-unavailable-screen']),
        // Opened on a tap, or only when something was refused.
        ...under('pwa/features/device-session', ['sync-panel', 'refused-write-list']),
        ...under('pwa/features/family', [
          'tree/',
          'frame/',
          'invite/invite-dialog',
          'links-made',
          'join/',
          'your-families-card',
        ]),
        // The device's side of each write: loaded with the write code, or by a rebase when writes are queued.
        'pwa/sync/write',
        'pwa/sync/local-mutators',
        'pwa/sync/mutators/',
        'pwa/sync/photo-uploader',
        'pwa/sync/upload-in-parts',
        'pwa/sync/photo-keeper',
      ],
    },
  ] satisfies ChunkGroup[]
).map((group) => ({ ...group, test: chunkTest(group) }));

export default defineConfig(({ isSsrBuild }) => ({
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
    chunkPathsExist(chunkGroups),
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
    // The server-side build (pages drawn by React on the server) needs the code only: the files are the browser's.
    copyPublicDir: !isSsrBuild,
    sourcemap: true,
    // Which styles each page needs, for the pages drawn at build time (scripts/prerender.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunkGroups.map(({ name, priority, test }) => ({ name, priority, test })) },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
