import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { Link } from '../Link.js';
import { useSiteOrigin } from '../siteOrigin.js';
import { confirmExternal, isSameSite } from './externalLinkStore.js';

export type ExternalLinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { href: string };

/**
 * A link that may lead off the site. Same-site targets navigate inside the app; any other site is opened only after
 * the confirmation dialog (a printed QR sticker or a profile link could point anywhere).
 */
export function ExternalLink({ href, onClick, ...rest }: ExternalLinkProps) {
  const origin = useSiteOrigin();
  if (isSameSite(href, origin)) return <Link {...rest} to={new URL(href, origin).pathname} />;
  const ask = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    confirmExternal(href);
  };
  return <a {...rest} href={href} rel="noopener noreferrer" target="_blank" onClick={ask} />;
}
