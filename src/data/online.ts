import { useSyncExternalStore } from 'react';

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser reports a network (navigator.onLine), followed as it changes. */
export const useOnline = (): boolean => useSyncExternalStore(subscribeOnline, () => navigator.onLine);
