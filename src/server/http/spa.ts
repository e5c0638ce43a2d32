import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadClientFiles } from './client-files.js';
import { EncodedBody, pickEncoding } from './encoded-body.js';
import { escapeHtml } from './escape-html.js';
import { PAGE_AGE_TIMING } from '#shared/page-age-timing.js';
import { PAGE_DATA_ELEMENT_ID } from '#shared/page-data-element.js';
import { answersFromApi, pageDataScript, type DrawnPage, type DrawPage } from './page-drawing.js';
import { pageLanguage } from './page-language.js';
import { METRICS_PATH } from './route-schema.js';

export interface PageMeta {
  title: string;
  description: string;
  image?: string | undefined;
  url: string;
  /**
   * The page's largest picture: named in the page itself, the phone fetches it with the script
   * instead of after the script has run and drawn the page (its largest paint on a slow network).
   */
  preloadImage?: string | undefined;
}

export interface SpaOptions {
  root: string;
  /** Open Graph / Twitter data for a path, so shared links preview in WhatsApp and Facebook. */
  metaFor?: (pathname: string, origin: string) => Promise<PageMeta | null>;
  /** The client's drawing of its public pages (ADR 0064); without it the script draws them. */
  drawPage?: DrawPage | undefined;
  /** Where a page asked for now lives (its query string follows), or null: it is here. */
  redirectFor?: (pathname: string) => Promise<string | null>;
}

export function renderMetaTags(meta: PageMeta): string {
  const tags: Array<[string, string, string]> = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Palmarès'],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', meta.url],
    ['name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
    ['name', 'description', meta.description],
  ];
  if (meta.image) {
    tags.push(['property', 'og:image', meta.image], ['name', 'twitter:image', meta.image]);
  }
  return tags
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`)
    .join('');
}

/**
 * The page's largest picture named ahead of its scripts and stylesheet: on a slow link the phone
 * then spends its first bytes on what the voter sees first, not on code that is not needed to
 * paint it.
 */
function withPreloadedImage(html: string, image: string): string {
  const tag = `<link rel="preload" as="image" href="${escapeHtml(image)}" fetchpriority="high">`;
  const firstResource = html.search(/<script|<link rel="stylesheet"/);
  return firstResource === -1
    ? html.replace('</head>', () => `${tag}</head>`)
    : html.slice(0, firstResource) + tag + html.slice(firstResource);
}

/**
 * Each language's chunk of the texts every screen shows (the build names it `texts-<language>`;
 * vite.config.ts): a drawn page names its language's in its head, so the phone fetches it with
 * the main script instead of a round trip after it, and the page is taken over no later.
 */
function textsPreloads(files: ReadonlyMap<string, unknown>): Map<string, string> {
  const preloads = new Map<string, string>();
  for (const pathname of files.keys()) {
    const language = /^\/assets\/texts-([a-z]+)-[\w-]+\.js$/.exec(pathname)?.[1];
    if (language) preloads.set(language, `<link rel="modulepreload" href="${pathname}">`);
  }
  return preloads;
}

/** The page, never cached by the browser or a proxy: each client route loads directly. */
const sendPage = (reply: FastifyReply, page: string | Buffer) =>
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);

/** Paths the server answers itself: a miss under them is a 404, never the client's page. */
const SERVER_PATHS = ['/api', METRICS_PATH];

/**
 * Serves the built client from memory: its files (hashed assets cached for a year, the encoding
 * the phone accepts chosen from those made at build time), and for every other GET outside the
 * API and the metrics the page itself, never cached, so each client route loads directly.
 */
export function registerSpa(app: FastifyInstance, options: SpaOptions): void {
  const indexPath = path.join(options.root, 'index.html');
  if (!existsSync(indexPath)) return;
  const template = readFileSync(indexPath, 'utf8');
  const files = loadClientFiles(options.root);
  const texts = textsPreloads(files);
  /**
   * What each kept drawn page was made into for the origin it was asked at: the whole page in
   * bytes, each encoding made once when first asked for. It goes when the page leaves the cache.
   */
  const madeOfKept = new WeakMap<DrawnPage, { origin: string; body: EncodedBody }>();

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const file = files.get(pathname);
    if (file) {
      reply
        .header('cache-control', file.cacheControl)
        .header('etag', file.etag)
        .type(file.contentType);
      if (file.brotli || file.gzip) reply.header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
      // The build makes both encodings of every file worth compressing, or neither.
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const encoded = encoding === 'br' ? file.brotli : encoding === 'gzip' ? file.gzip : undefined;
      if (!encoded) return reply.send(file.body);
      return reply.header('content-encoding', encoding).send(encoded);
    }
    if (SERVER_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) {
      return reply.callNotFound();
    }
    // A missing file with an extension is a real 404, not a page.
    if (/\.[a-z0-9]{1,5}$/i.test(pathname)) {
      return reply.status(404).send({ message: 'Not found' });
    }
    const search = request.url.slice(pathname.length);
    const moved = await options.redirectFor?.(pathname).catch((err: unknown) => {
      request.log.warn({ err }, 'page redirect lookup failed');
      return null;
    });
    // Found elsewhere for now: the edition this address shows may change again.
    if (moved) return reply.header('cache-control', 'no-cache').redirect(`${moved}${search}`, 302);
    const origin = `${request.protocol}://${request.host}`;
    const withMeta = async () => {
      const meta = await options.metaFor?.(pathname, origin).catch((err: unknown) => {
        request.log.warn({ err }, 'page meta lookup failed');
        return null;
      });
      if (!meta) return template;
      const html = template
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
        .replace('</head>', () => `${renderMetaTags(meta)}</head>`);
      return meta.preloadImage ? withPreloadedImage(html, meta.preloadImage) : html;
    };
    if (!options.drawPage) return sendPage(reply, await withMeta());
    const language = pageLanguage(request);
    const drawn = await options
      .drawPage({ pathname, search, language }, answersFromApi(app, language))
      .catch((err: unknown) => {
        request.log.warn({ err }, 'drawing the page failed');
        return null;
      });
    if (!drawn) return sendPage(reply, await withMeta());
    const page = async () =>
      (await withMeta())
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root">${drawn.html}</div>${pageDataScript(PAGE_DATA_ELEMENT_ID, drawn.data)}`,
        )
        .replace(/<html lang="[a-z]+">/, `<html lang="${language}">`)
        .replace('</head>', () => `${texts.get(language) ?? ''}</head>`);
    // Drawn in the visitor's language: a cache must not give it to another.
    reply.header('vary', 'cookie, accept-language');
    if (drawn.drawnAt === undefined) return sendPage(reply, await page());
    // A kept page: the same bytes for every visitor until it is dropped, made and compressed once.
    let made = madeOfKept.get(drawn);
    if (made?.origin !== origin) {
      made = { origin, body: new EncodedBody(Buffer.from(await page())) };
      madeOfKept.set(drawn, made);
    }
    const age = Math.max(0, Math.round(Date.now() - drawn.drawnAt));
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return sendPage(
      reply
        .header('vary', 'accept-encoding, cookie, accept-language')
        .header('server-timing', `${PAGE_AGE_TIMING};dur=${age}`),
      made.body[encoding],
    );
  });
}
