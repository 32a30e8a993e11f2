import { useEffect } from 'react';

// Page scroll is locked while any dialog or the submenu panel is open. A count, not a flag: a dialog opened from
// the panel must not unlock the page when it closes while the panel is still open.
let locks = 0;

function apply(): void {
  if (locks > 0) document.documentElement.setAttribute('data-scroll-locked', '');
  else document.documentElement.removeAttribute('data-scroll-locked');
}

export function lockScroll(): () => void {
  locks++;
  apply();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks--;
    apply();
  };
}

/** Locks page scroll while the calling component is mounted and `active` is true. */
export function useScrollLock(active = true): void {
  useEffect(() => (active ? lockScroll() : undefined), [active]);
}
