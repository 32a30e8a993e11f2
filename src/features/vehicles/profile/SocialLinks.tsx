import Camera from 'lucide-react/icons/camera';
import Globe from 'lucide-react/icons/globe';
import Music from 'lucide-react/icons/music';
import Play from 'lucide-react/icons/play';
import ThumbsUp from 'lucide-react/icons/thumbs-up';
import type { LucideIcon } from 'lucide-react';
import { isWebAddress, SOCIAL_LINKS, type SocialKey } from '../../../domain/socialLinks.js';
import { urlDomain } from '../../../domain/textLinks.js';
import { ExternalLink } from '../../../ui/links/ExternalLink.js';
import type { VehicleData } from '../data/types.js';

const ICONS: Record<SocialKey, LucideIcon> = { instagram: Camera, facebook: ThumbsUp, tiktok: Music, youtube: Play, website: Globe };

/** The vehicle's social links, each opened through the external-link confirmation; stored values that are not web addresses are not linked. */
export function SocialLinks({ vehicle }: { vehicle: VehicleData }) {
  const links = SOCIAL_LINKS.map((kind) => ({ kind, url: vehicle[kind.key] })).filter(
    (l): l is { kind: (typeof SOCIAL_LINKS)[number]; url: string } => typeof l.url === 'string' && isWebAddress(l.url),
  );
  if (links.length === 0) return null;
  return (
    <ul className="social-links" aria-label="Links">
      {links.map(({ kind, url }) => {
        const Icon = ICONS[kind.key];
        return (
          <li key={kind.key}>
            <ExternalLink href={url} className="social-link" data-social={kind.key} title={url}>
              <Icon size={18} aria-hidden="true" />
              <span className="social-link__label">{kind.label}</span>
              <span className="social-link__domain">{urlDomain(url)}</span>
            </ExternalLink>
          </li>
        );
      })}
    </ul>
  );
}
