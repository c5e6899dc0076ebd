import { createHmac, randomBytes } from 'node:crypto';

/**
 * `v1=` and the hex HMAC-SHA256, keyed with the endpoint's secret, of the timestamp (unix
 * seconds), a dot and the exact body. The timestamp is signed so that a captured delivery
 * cannot be replayed later by someone else: receivers refuse old ones.
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** A new endpoint secret: 256 random bits, with a prefix that tells what it is when leaked. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
