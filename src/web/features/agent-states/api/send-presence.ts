import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

/** Tells the server an open page of the assessor is there (no answer to read). */
export function sendPresence() {
  return apiClient.post('/api/agent-state/presence', z.unknown());
}
