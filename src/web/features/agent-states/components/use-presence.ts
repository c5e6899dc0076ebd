import { useEffect } from 'react';

/**
 * While an assessor is signed in and a page is open, tells the server it is there every
 * `presenceEverySeconds`, and at once when the page opens or comes back into view: a page that
 * says nothing for a minute (a closed laptop) makes the assessor *Desconectado*. The beat is
 * loaded when it starts: every page's layout runs this hook, the sign-in page's included, which
 * must not download the API client for it.
 */
export function usePresence(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let ended = false;
    import('./presence-beat.ts').then(
      ({ startPresenceBeat }) => {
        if (!ended) stop = startPresenceBeat();
      },
      () => {},
    );
    return () => {
      ended = true;
      stop?.();
    };
  }, [enabled]);
}
