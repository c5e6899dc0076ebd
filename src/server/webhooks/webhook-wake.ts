import { EventEmitter } from 'node:events';

/**
 * A nudge from the routes to this process's delivery workers: a replay or a test should not
 * wait for the next poll. Other servers' workers find the delivery at their next poll.
 */
const wake = new EventEmitter();
wake.setMaxListeners(0);

export function wakeWebhookWorkers(): void {
  wake.emit('wake');
}

export function onWebhookWake(listener: () => void): () => void {
  wake.on('wake', listener);
  return () => wake.off('wake', listener);
}
