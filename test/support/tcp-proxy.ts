import net from 'node:net';

/**
 * A loopback TCP proxy in front of a real server (PostgreSQL, Redis), to see how the app behaves
 * when that server stops answering (`freeze`: connections stay open, no byte goes through) or goes
 * away (`drop`: connections are cut and new ones refused), without touching the shared server.
 */
export class TcpProxy {
  private readonly server: net.Server;
  private readonly links = new Set<{ client: net.Socket; upstream: net.Socket | undefined }>();
  private mode: 'open' | 'frozen' | 'dropped' = 'open';

  private constructor(private readonly targetPort: number) {
    this.server = net.createServer((client) => this.accept(client));
  }

  static async start(targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetPort);
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject);
      proxy.server.listen(0, '127.0.0.1', () => resolve());
    });
    return proxy;
  }

  get port(): number {
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('proxy is not listening');
    return address.port;
  }

  /** `url` with its host and port replaced by the proxy's. */
  proxied(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  /** Stops forwarding in both directions; sockets stay open, as with a hung host. */
  freeze(): void {
    this.mode = 'frozen';
    for (const { client, upstream } of this.links) {
      client.pause();
      upstream?.pause();
    }
  }

  /** Cuts every connection and resets new ones, as with a stopped server. */
  drop(): void {
    this.mode = 'dropped';
    for (const { client, upstream } of this.links) {
      client.resetAndDestroy();
      upstream?.destroy();
    }
    this.links.clear();
  }

  /** Forwards again: frozen connections resume where they stopped; new ones are accepted. */
  restore(): void {
    const wasFrozen = this.mode === 'frozen';
    this.mode = 'open';
    if (!wasFrozen) return;
    for (const link of this.links) {
      if (!link.upstream) link.upstream = this.connect(link.client);
      link.client.resume();
      link.upstream.resume();
    }
  }

  async close(): Promise<void> {
    this.drop();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    if (this.mode === 'dropped') {
      client.resetAndDestroy();
      return;
    }
    const link: { client: net.Socket; upstream: net.Socket | undefined } = {
      client,
      upstream: undefined,
    };
    this.links.add(link);
    const forget = () => {
      this.links.delete(link);
      link.upstream?.destroy();
    };
    client.on('error', forget);
    client.on('close', forget);
    if (this.mode === 'frozen') client.pause();
    else link.upstream = this.connect(client);
  }

  private connect(client: net.Socket): net.Socket {
    const upstream = net.connect(this.targetPort, '127.0.0.1');
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
    return upstream;
  }
}
