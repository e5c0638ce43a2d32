import type { MessageChannelKind } from '#shared/schemas/outbox.js';
import type { MessageChannel } from './message-channel.js';
import { SandboxChannel } from './sandbox-channel.js';
import { SmtpChannel, type SmtpSettings } from './smtp-channel.js';

/** The channel that delivers each kind of message. */
export type MessageChannels = Readonly<Record<MessageChannelKind, MessageChannel>>;

/** Which gateways config.ts accepts for SMS (SMS_GATEWAY); unset means the sandbox. */
export const SMS_GATEWAYS = ['sandbox'] as const;
export type SmsGateway = (typeof SMS_GATEWAYS)[number];

export interface ChannelSettings {
  /** Unset: e-mails stay in the outbox as `sandbox`. */
  smtp: SmtpSettings | undefined;
  sms: { gateway: SmsGateway | undefined };
}

/**
 * The channels the configuration asks for, each in the sandbox unless configured. An SMS gateway
 * is added by naming it in SMS_GATEWAYS, reading its settings in config.ts, and returning its
 * MessageChannel (kind `sms`) from smsChannel below.
 */
export function createMessageChannels(settings: ChannelSettings): MessageChannels {
  return {
    email: settings.smtp ? new SmtpChannel(settings.smtp) : new SandboxChannel('email'),
    sms: smsChannel(settings.sms.gateway),
  };
}

function smsChannel(gateway: SmsGateway | undefined): MessageChannel {
  switch (gateway) {
    case undefined:
    case 'sandbox':
      return new SandboxChannel('sms');
  }
}
