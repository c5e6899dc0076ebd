import { useEffect } from 'react';
import { presenceEverySeconds } from '../../../../core/agent-states.ts';
import { sendPresence } from '../api/send-presence.ts';

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
    const timer = setInterval(beat, presenceEverySeconds * 1000);
    const onVisible = () => {
      if (document.visibilityState === 'visible') beat();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled]);
}
