import { request, type IncomingMessage } from 'node:http';

export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: IncomingMessage['headers'];
  /** Every message so far, and every comment line (heartbeats) as `{ event: ':' }`. */
  messages: SseMessage[];
  /** The first message (already received or still to come) that `match` accepts. */
  next(match: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** The body of a refusal (a JSON answer instead of a stream). */
  body(): Promise<string>;
  close(): void;
}

/**
 * A Server-Sent Events client over plain HTTP, for tests: it records each message as the
 * protocol frames it (id, event, data lines; a blank line ends a message) so a test can wait for
 * one. `url` must be a loopback address.
 */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const target = new URL(url);
  if (target.hostname !== '127.0.0.1' && target.hostname !== '[::1]') {
    throw new Error(`openSse: ${url} is not a loopback address`);
  }
  return new Promise((resolve, reject) => {
    const req = request(target, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const messages: SseMessage[] = [];
      const waiters: { match: (m: SseMessage) => boolean; resolve: (m: SseMessage) => void }[] = [];
      let buffer = '';
      let raw = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: SseMessage = { event: 'message', data: '' };
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) message.event = ':';
            else if (line.startsWith('id: ')) message.id = line.slice(4);
            else if (line.startsWith('event: ')) message.event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (block.startsWith('retry:')) continue;
          message.data = data.join('\n');
          messages.push(message);
          for (const waiter of [...waiters]) {
            if (waiter.match(message)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(message);
            }
          }
        }
      });
      const ended = new Promise<void>((done) => res.on('end', done));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        messages,
        next(match, timeoutMs = 5000) {
          const found = messages.find(match);
          if (found) return Promise.resolve(found);
          return new Promise((resolveNext, rejectNext) => {
            const timer = setTimeout(
              () => rejectNext(new Error(`no matching SSE message within ${timeoutMs} ms`)),
              timeoutMs,
            );
            waiters.push({
              match,
              resolve: (m) => {
                clearTimeout(timer);
                resolveNext(m);
              },
            });
          });
        },
        body: () => ended.then(() => raw),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
