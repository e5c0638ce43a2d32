import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { Language } from '#shared/limits.js';

export interface PageRequest {
  pathname: string;
  /** The query string, with its `?`, or ''. */
  search: string;
  language: Language;
}

/** A page the client's components drew: the markup inside `#root`, and what it was drawn with. */
export interface DrawnPage {
  html: string;
  data: unknown;
  /**
   * When it was drawn (this instance's clock), on a page kept to be given again
   * (drawn-page-cache.ts): its answers, the server's clock among them, date from then. A kept page
   * is the same object for every visitor until it is dropped, so what is made of it can be kept
   * with it.
   */
  drawnAt?: number | undefined;
}

/** One API answer by its path, or null when the API refused it. */
export type ReadAnswer = (path: string) => Promise<unknown>;

/**
 * The client's own drawing of its public pages (src/client/entry-server.tsx, built by
 * `vite build --ssr`): null for a page the browser draws alone.
 */
export type DrawPage = (page: PageRequest, read: ReadAnswer) => Promise<DrawnPage | null>;

interface EntryModule {
  prepare: () => Promise<void>;
  drawPage: DrawPage;
}

function isEntryModule(
  module: Record<string, unknown>,
): module is Record<string, unknown> & EntryModule {
  return typeof module.prepare === 'function' && typeof module.drawPage === 'function';
}

/** Loads the built drawing of the pages and the code and texts of every screen it draws. */
export async function loadPageDrawing(file: string): Promise<DrawPage> {
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  if (!isEntryModule(module)) throw new Error(`${file} is not the client's server entry`);
  await module.prepare();
  return module.drawPage;
}

/**
 * Marks the API reads the server makes while drawing a page, so the log has one line for the page
 * and not one more for each of its answers. Its value is this process's own, so no request from
 * outside can pass for one of these.
 */
const DRAWING_HEADER = 'x-page-drawing';
const DRAWING_TOKEN = randomUUID();

/** Whether `request` is one of the server's own reads for a page it draws. */
export const isPageDrawingRead = (request: FastifyRequest) =>
  request.headers[DRAWING_HEADER] === DRAWING_TOKEN;

/**
 * The page's answers as a visitor without a session gets them, in its language: the API itself
 * answers, through its own routes, checks and visibility rules, so the page the server draws can
 * show nothing the API would not.
 */
export function answersFromApi(app: FastifyInstance, language: Language): ReadAnswer {
  return async (path) => {
    const response = await app.inject({
      method: 'GET',
      url: path,
      headers: { 'accept-language': language, [DRAWING_HEADER]: DRAWING_TOKEN },
    });
    return response.statusCode === 200 ? (response.json() as unknown) : null;
  };
}

/** The page data as the text of a script element: nothing in it can close the element. */
export function pageDataScript(id: string, data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script id="${id}" type="application/json">${json}</script>`;
}
