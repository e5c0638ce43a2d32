import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { IMAGE_PORTS, isPublicAddress } from './address-policy.js';
import { isImageContentType, sniffImageType } from './image-signature.js';

export interface ImageFetchPolicy {
  isAllowedAddress(address: string): boolean;
  allowedPorts: readonly number[];
  resolve(hostname: string): Promise<string[]>;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export const defaultImageFetchPolicy: ImageFetchPolicy = {
  isAllowedAddress: isPublicAddress,
  allowedPorts: IMAGE_PORTS,
  resolve: async (hostname) =>
    (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address),
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 8000,
  maxRedirects: 3,
};

export class ImageFetchError extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 413 | 415 | 502,
    message: string,
  ) {
    super(message);
  }
}

export interface FetchedImage {
  contentType: string;
  body: Buffer;
  size: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Checks a URL the proxy is asked for or redirected to: scheme, credentials, port. */
export function parseImageUrl(raw: string, policy: ImageFetchPolicy, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new ImageFetchError(400, 'url must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ImageFetchError(400, 'Only http and https images can be shown');
  }
  if (url.username || url.password) {
    throw new ImageFetchError(400, 'Image URLs with credentials are not allowed');
  }
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (!policy.allowedPorts.includes(port)) {
    throw new ImageFetchError(400, `Images are not fetched from port ${port}`);
  }
  return url;
}

/**
 * Fetches an external image for the receipt without letting the proxy reach our own network.
 * The host is resolved here and every address it resolves to must be public; the connection then
 * goes to that checked address (the name is kept for the Host header, SNI and the certificate
 * check), so a second, different DNS answer cannot redirect it. Redirects are followed by hand
 * and each hop is checked the same way.
 */
export async function fetchImage(
  raw: string,
  policy: ImageFetchPolicy = defaultImageFetchPolicy,
): Promise<FetchedImage> {
  const signal = AbortSignal.timeout(policy.timeoutMs);
  let url = parseImageUrl(raw, policy);
  for (let hop = 0; hop <= policy.maxRedirects; hop++) {
    const address = await checkedAddress(url, policy);
    const response = await request(url, address, signal);
    const status = response.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      response.destroy();
      const location = response.headers.location;
      if (!location)
        throw new ImageFetchError(502, 'The image server sent a redirect without a location');
      url = parseImageUrl(location, policy, url);
      continue;
    }
    if (status !== 200) {
      response.destroy();
      if (status === 404 || status === 410) throw new ImageFetchError(404, 'Image not found');
      throw new ImageFetchError(502, `The image server answered ${status}`);
    }
    if (!isImageContentType(response.headers['content-type'])) {
      response.destroy();
      throw new ImageFetchError(415, 'That address does not serve an image');
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > policy.maxBytes) {
      response.destroy();
      throw new ImageFetchError(413, 'The image is too large');
    }
    const body = await readLimited(response, policy.maxBytes);
    const contentType = sniffImageType(body);
    if (!contentType) throw new ImageFetchError(415, 'That address does not serve an image');
    return { contentType, body, size: body.length };
  }
  throw new ImageFetchError(502, 'Too many redirects');
}

async function checkedAddress(url: URL, policy: ImageFetchPolicy): Promise<string> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(hostname)) {
    addresses = [hostname];
  } else {
    try {
      addresses = await policy.resolve(hostname);
    } catch {
      throw new ImageFetchError(502, 'The image host could not be found');
    }
  }
  // All of them, not just the first: a name with one public and one private answer is refused.
  if (!addresses.length || !addresses.every((a) => policy.isAllowedAddress(a))) {
    throw new ImageFetchError(403, 'Images cannot be fetched from that address');
  }
  return addresses[0]!;
}

function request(url: URL, address: string, signal: AbortSignal): Promise<http.IncomingMessage> {
  const secure = url.protocol === 'https:';
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const options: https.RequestOptions = {
    host: address,
    port: url.port || (secure ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    headers: {
      host: url.host,
      accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8',
      'user-agent': 'Palmares-ImageProxy/1.0',
    },
    agent: false,
    signal,
    ...(secure && !isIP(hostname) ? { servername: hostname } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(options, resolve);
    req.on('error', (error) => reject(fetchFailure(error, signal)));
    req.end();
  });
}

async function readLimited(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of response) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) {
        response.destroy();
        throw new ImageFetchError(413, 'The image is too large');
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof ImageFetchError) throw error;
    throw fetchFailure(error, undefined);
  }
  return Buffer.concat(chunks);
}

function fetchFailure(error: unknown, signal: AbortSignal | undefined): ImageFetchError {
  const name = (error as { name?: string }).name;
  if (signal?.aborted || name === 'AbortError' || name === 'TimeoutError') {
    return new ImageFetchError(502, 'The image server took too long to answer');
  }
  return new ImageFetchError(502, 'The image could not be fetched');
}
