import type { MessageChannelKind } from '#shared/schemas/outbox.js';
import type { SmsSettings, SmtpSettings } from '#server/config.js';
import { AfricasTalkingChannel } from './africastalking-channel.js';
import type { MessageChannel } from './message-channel.js';
import { OrangeSmsChannel } from './orange-sms-channel.js';
import { SandboxChannel } from './sandbox-channel.js';
import { SmtpChannel } from './smtp-channel.js';

/** The channel that delivers each kind of message. */
export type MessageChannels = Readonly<Record<MessageChannelKind, MessageChannel>>;

export interface ChannelSettings {
  /** Unset: e-mails stay in the outbox as `sandbox`. */
  smtp: SmtpSettings | undefined;
  sms: SmsSettings;
}

/**
 * The channels the configuration asks for, each in the sandbox unless configured. An SMS gateway
 * is added by naming it in SMS_GATEWAYS, describing and reading its settings in config.ts, and
 * returning its MessageChannel (kind `sms`) from smsChannel below.
 */
export function createMessageChannels(settings: ChannelSettings): MessageChannels {
  return {
    email: settings.smtp ? new SmtpChannel(settings.smtp) : new SandboxChannel('email'),
    sms: smsChannel(settings.sms),
  };
}

function smsChannel(settings: SmsSettings): MessageChannel {
  switch (settings.gateway) {
    case undefined:
    case 'sandbox':
      return new SandboxChannel('sms');
    case 'orange':
      return new OrangeSmsChannel(settings.orange);
    case 'africastalking':
      return new AfricasTalkingChannel(settings.africasTalking);
  }
}
