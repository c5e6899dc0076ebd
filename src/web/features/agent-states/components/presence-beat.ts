import { presenceEverySeconds } from '../../../../core/agent-states.ts';
import { sendPresence } from '../api/send-presence.ts';

/**
 * Calls `beat` every `everyMs`, from a worker's timer when the browser has workers: a browser
 * slows a hidden tab's own timers to about one a minute, past the 60 s that disconnect.
 */
function startTicking(everyMs: number, beat: () => void): () => void {
  if (typeof Worker === 'undefined') {
    const timer = setInterval(beat, everyMs);
    return () => clearInterval(timer);
  }
  const worker = new Worker(new URL('./presence-ticker.worker.ts', import.meta.url), {
    type: 'module',
  });
  worker.onmessage = beat;
  worker.postMessage(everyMs);
  return () => worker.terminate();
}

/** Says the page is there now, every `presenceEverySeconds` and on coming back into view. */
export function startPresenceBeat(): () => void {
  // A failure (the network away) is only a missed beat: the next one says it again.
  const beat = () => void sendPresence().catch(() => {});
  beat();
  const stop = startTicking(presenceEverySeconds * 1000, beat);
  const onVisible = () => {
    if (document.visibilityState === 'visible') beat();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    stop();
    document.removeEventListener('visibilitychange', onVisible);
  };
}
