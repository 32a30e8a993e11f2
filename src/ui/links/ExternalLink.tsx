import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { Link } from '../Link.js';
import { confirmExternal, isSameSite } from './externalLinkStore.js';

export type ExternalLinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { href: string };

/**
 * A link that may lead off the site. Same-site targets navigate inside the app; any other site is opened only after
 * the confirmation dialog (a printed QR sticker or a profile link could point anywhere).
 */
export function ExternalLink({ href, onClick, ...rest }: ExternalLinkProps) {
  if (isSameSite(href, window.location.origin)) return <Link {...rest} to={new URL(href, window.location.origin).pathname} />;
  const ask = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    confirmExternal(href);
  };
  return <a {...rest} href={href} rel="noopener noreferrer" target="_blank" onClick={ask} />;
}
