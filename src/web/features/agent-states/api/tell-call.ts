import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

let lastCall = { leadId: 0, at: 0 };

/**
 * *Ligar* or the WhatsApp link on one of the assessor's leads: the assessor is on a call. Sent
 * and not waited for, so the dial never waits on the server; a failure only costs the
 * wallboard a state (the next outcome sets it right). One click that both dials and opens
 * WhatsApp says it once.
 */
export function tellCall(leadId: number): void {
  const now = Date.now();
  if (lastCall.leadId === leadId && now - lastCall.at < 2000) return;
  lastCall = { leadId, at: now };
  apiClient.post('/api/agent-state/call', z.unknown(), { leadId }).catch(() => {});
}
