import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { navigate } from './navigation.js';

export type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & {
  to: string;
  replace?: boolean;
};

/**
 * An anchor that navigates in place for plain left clicks on same-origin targets. Everything else (modifier or
 * middle clicks, other windows, downloads, other sites) keeps the browser's own behaviour.
 */
export function Link({ to, replace, onClick, ...anchorProps }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.currentTarget;
    const target = anchor.getAttribute('target');
    if ((target && target !== '_self') || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash, replace ? { replace } : {});
  };
  return <a {...anchorProps} href={to} onClick={handleClick} />;
}
