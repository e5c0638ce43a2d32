/**
 * A provider timeout leaves the payment pending on the server, which may still complete it; the
 * error body then carries `details.paymentId` so the page follows it instead of inviting the voter
 * to pay twice. Reads it from an API error's message (`${status}: ${body}`).
 */
export function paymentIdInError(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  try {
    const body: unknown = JSON.parse(error.message.replace(/^\d{3}: /, ''));
    if (body && typeof body === 'object' && 'details' in body) {
      const { details } = body;
      if (details && typeof details === 'object' && 'paymentId' in details) {
        const { paymentId } = details;
        if (typeof paymentId === 'string' && paymentId) return paymentId;
      }
    }
  } catch {
    // Not JSON: no payment to follow.
  }
  return null;
}
