import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

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
  ],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
