import type { FastifyBaseLogger } from 'fastify';

/**
 * Logs an outage once when it starts (warn) and once when it ends (info). A client that retries
 * every second would otherwise write the same error hundreds of times and bury everything else.
 */
export class OutageLog {
  private down = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly messages: { down: string; up: string },
  ) {}

  failed(err: unknown): void {
    if (this.down) return;
    this.down = true;
    this.log.warn({ err }, this.messages.down);
  }

  recovered(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info(this.messages.up);
  }
}
