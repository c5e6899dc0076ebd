import { useEffect, useSyncExternalStore } from 'react';

type ForcedScheme = 'dark' | undefined;

let forced: ForcedScheme;
const listeners = new Set<() => void>();

function force(scheme: ForcedScheme) {
  forced = scheme;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The scheme a page imposes on the whole app for as long as it shows (providers.tsx). */
export function useForcedColorScheme(): ForcedScheme {
  return useSyncExternalStore(subscribe, () => forced);
}

/**
 * Imposes `scheme` while the calling page shows it, whatever the user chose in the account
 * menu; the user's choice comes back when the page leaves it or unmounts.
 */
export function useForceColorScheme(scheme: ForcedScheme) {
  useEffect(() => {
    force(scheme);
    return () => force(undefined);
  }, [scheme]);
}
