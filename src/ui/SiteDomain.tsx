import ShieldCheck from 'lucide-react/icons/shield-check';
import { useSiteOrigin } from './siteOrigin.js';

/**
 * The site's own address, printed plainly on tag pages: a fake sticker over a real tag is a known phishing route,
 * and the domain is what a person can check.
 */
export function SiteDomain() {
  const host = new URL(useSiteOrigin()).host;
  return (
    <p className="ui-site-domain" data-site-domain={host}>
      <ShieldCheck size={18} aria-hidden="true" />
      <span>
        You are on <strong>{host}</strong>
      </span>
    </p>
  );
}
