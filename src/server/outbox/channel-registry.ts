import type { MessageChannelKind } from '#shared/schemas/outbox.js';
import { AfricasTalkingChannel, type AfricasTalkingSettings } from './africastalking-channel.js';
import type { MessageChannel } from './message-channel.js';
import { OrangeSmsChannel, type OrangeSmsSettings } from './orange-sms-channel.js';
import { SandboxChannel } from './sandbox-channel.js';
import { SmtpChannel, type SmtpSettings } from './smtp-channel.js';

/** The channel that delivers each kind of message. */
export type MessageChannels = Readonly<Record<MessageChannelKind, MessageChannel>>;

/** Which gateways config.ts accepts for SMS (SMS_GATEWAY); unset means the sandbox. */
export const SMS_GATEWAYS = ['sandbox', 'orange', 'africastalking'] as const;
export type SmsGateway = (typeof SMS_GATEWAYS)[number];

/** The SMS gateway and its settings, as config.ts read them. */
export type SmsSettings =
  | { gateway: 'sandbox' | undefined }
  | { gateway: 'orange'; orange: OrangeSmsSettings }
  | { gateway: 'africastalking'; africasTalking: AfricasTalkingSettings };

export interface ChannelSettings {
  /** Unset: e-mails stay in the outbox as `sandbox`. */
  smtp: SmtpSettings | undefined;
  sms: SmsSettings;
}

/**
 * The channels the configuration asks for, each in the sandbox unless configured. An SMS gateway
 * is added by naming it in SMS_GATEWAYS, reading its settings in config.ts, and returning its
 * MessageChannel (kind `sms`) from smsChannel below.
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
