import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serverMessages } from '../http-errors.ts';

/** The built index.html, read once so the page served always matches the script hashes of the policy. */
export async function readShell(staticDir: string): Promise<string | undefined> {
  try {
    return await readFile(join(staticDir, 'index.html'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A browser navigating to a screen, as opposed to a script, image or fetch asking for something missing. */
function wantsShell(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0] ?? '';
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (path === '/api' || path.startsWith('/api/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built PWA. Hashed files under /assets/ never change, so browsers keep them for a year; everything
 * else (index.html, the manifest, the service worker) is revalidated so an update reaches people on their next
 * visit. Any other screen's URL gets the app shell and the client router takes it from there; /api/ never answers
 * with HTML.
 */
export const staticFilesPlugin = fp<{ staticDir: string; shell: string | undefined }>(
  async (app, { staticDir, shell }) => {
    const root = resolve(staticDir);
    const assets = join(root, 'assets') + sep;

    if (existsSync(root)) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        // The shell comes from memory (below), for / as for every other screen.
        index: false,
        cacheControl: false,
        setHeaders(reply, path) {
          reply.header('cache-control', path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    function sendShell(reply: FastifyReply, html: string): FastifyReply {
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    }

    if (shell !== undefined) app.get('/', (_request, reply) => sendShell(reply, shell));

    app.setNotFoundHandler((request, reply) => {
      if (shell !== undefined && wantsShell(request)) return sendShell(reply, shell);
      return reply.code(404).send({ error: serverMessages.notFound });
    });
  },
  { name: 'hearth-static-files' },
);
