import type { MobileMoneyPaymentRequest } from '#shared/schemas/payment';

type DeviceInfo = NonNullable<MobileMoneyPaymentRequest['deviceInfo']>;

/** Sent with every payment for support and fraud review. */
export function deviceInfo(): DeviceInfo {
  let timezone = '';
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // Old WebViews without time-zone data: the field is telemetry only.
  }
  return {
    deviceTimestamp: new Date().toISOString(),
    userAgent: navigator.userAgent,
    deviceMetadata: JSON.stringify({
      timezone,
      language: navigator.language,
      screenWidth: window.screen.width,
      screenHeight: window.screen.height,
    }),
  };
}
