import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serverMessages } from '../http-errors.ts';
import { joinPageFile } from './invitation-page.ts';
import { sessionCookieName } from './session.ts';

/**
 * Public screens the build may prerender to `<name>.html` (the landing page to landing.html: index.html stays the
 * app shell). A navigation to one gets its page, readable before any script runs; the app takes over from there.
 */
export const prerenderedPaths = [
  '/',
  '/contact',
  '/terms',
  '/privacy',
  '/cookies',
  '/download',
  '/news',
  '/photo-sharing',
  '/family-chat',
  '/family-calendar',
  '/family-tree-builder',
  '/family-outings',
] as const;

/** Old addresses of a page, sent on to its one address for good, so no page is served twice under two names. */
export const movedPages: Readonly<Record<string, string>> = { '/family-chat-room': '/family-chat' };

/** The file in the static dir a prerendered path is written to (scripts/prerender.ts) and served from. */
export function prerenderedFileName(path: string): string {
  return path === '/' ? 'landing.html' : `${path.slice(1)}.html`;
}

/** `{ '/': 'landing.html', '/contact': 'contact.html', ... }`: every path's file, present in the build or not. */
export const prerenderedFiles: Readonly<Record<string, string>> = Object.fromEntries(
  prerenderedPaths.map((path) => [path, prerenderedFileName(path)]),
);

/**
 * The HTML pages served from memory, read once at startup so the page served always matches the script hashes of
 * the policy (security-headers.ts).
 */
export type BuiltPages = {
  /** The built index.html; undefined when there is no build. */
  shell: string | undefined;
  /** Path to HTML, for the prerendered files this build has. */
  prerendered: ReadonlyMap<string, string>;
  /** The page the server draws an invitation's join page into (invitation-page.ts); undefined when not built. */
  join: string | undefined;
};

export async function readBuiltPages(staticDir: string): Promise<BuiltPages> {
  const prerendered = new Map<string, string>();
  for (const [path, file] of Object.entries(prerenderedFiles)) {
    const html = await readIfPresent(join(staticDir, file));
    if (html !== undefined) prerendered.set(path, html);
  }
  return {
    shell: await readIfPresent(join(staticDir, 'index.html')),
    prerendered,
    join: await readIfPresent(join(staticDir, joinPageFile)),
  };
}

/** Every page of the build, for the policy's script hashes. */
export function htmlPages(pages: BuiltPages): string[] {
  return [pages.shell, pages.join, ...pages.prerendered.values()].filter((page) => page !== undefined);
}

async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
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
 * else (index.html, the prerendered pages, the manifest, the service worker) is revalidated so an update reaches
 * people on their next visit. A prerendered public screen gets its own page; any other screen's URL gets the app
 * shell and the client router takes it from there; /api/ never answers with HTML.
 */
export const staticFilesPlugin = fp<{ staticDir: string; pages: BuiltPages }>(
  async (app, { staticDir, pages }) => {
    const { shell, prerendered } = pages;
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

    function sendPage(reply: FastifyReply, html: string): FastifyReply {
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    }

    // The app's pages are not part of the API document (docs/decisions/0042-route-schemas.md); nor are the files,
    // which @fastify/static leaves out by itself.
    const pageOptions = { schema: { hide: true } };
    // Only paths with a page of their own get a route; the rest stay with the shell fallback below.
    for (const [path, html] of prerendered) {
      if (path !== '/') app.get(path, pageOptions, (_request, reply) => sendPage(reply, html));
    }
    for (const [from, to] of Object.entries(movedPages)) {
      app.get(from, pageOptions, (request, reply) => {
        const query = request.url.indexOf('?');
        return reply.redirect(query === -1 ? to : to + request.url.slice(query), 301);
      });
    }
    // The landing is for visitors. A browser holding a session gets the shell, which opens on the person's home: no
    // landing shown first (before the app learns who is signed in), none of its pictures fetched.
    const forVisitors = prerendered.get('/') ?? shell;
    const forSignedIn = shell ?? forVisitors;
    if (forVisitors !== undefined && forSignedIn !== undefined) {
      app.get('/', pageOptions, (request, reply) => {
        const page = request.cookies[sessionCookieName] === undefined ? forVisitors : forSignedIn;
        return sendPage(reply.header('vary', 'cookie'), page);
      });
    }

    app.setNotFoundHandler((request, reply) => {
      if (shell !== undefined && wantsShell(request)) return sendPage(reply, shell);
      return reply.code(404).send({ error: serverMessages.notFound });
    });
  },
  { name: 'hearth-static-files' },
);
