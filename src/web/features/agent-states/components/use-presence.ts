import { useEffect } from 'react';
import { presenceEverySeconds } from '../../../../core/agent-states.ts';
import { sendPresence } from '../api/send-presence.ts';

/** Calls `beat` every `everyMs`, from a worker's timer when the browser has workers. */
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

/**
 * While an assessor is signed in and a page is open, tells the server it is there every
 * `presenceEverySeconds`, and at once when the page opens or comes back into view: a page that
 * says nothing for a minute (a closed laptop) makes the assessor *Desconectado*.
 */
export function usePresence(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
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
  }, [enabled]);
}
