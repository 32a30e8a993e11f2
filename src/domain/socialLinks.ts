/**
 * A vehicle's social links (instagram, facebook, tiktok, youtube, website). People paste a whole address or
 * type just a username; either way the vehicle stores a full https address, so every link shown is one the external
 * link confirmation can show in full. Only web addresses are stored: a "javascript:" or "data:" link could run code.
 */

export type SocialKey = 'instagram' | 'facebook' | 'tiktok' | 'youtube' | 'website';

export interface SocialLinkKind {
  key: SocialKey;
  label: string;
  /** Sites whose addresses this field accepts (subdomains included); empty for the website, which takes any. */
  hosts: readonly string[];
  /** The profile address of a bare username; null when a username alone means nothing (the website). */
  profile: ((handle: string) => string) | null;
}

export const SOCIAL_LINKS: readonly SocialLinkKind[] = [
  { key: 'instagram', label: 'Instagram', hosts: ['instagram.com'], profile: (h) => `https://www.instagram.com/${h}` },
  { key: 'facebook', label: 'Facebook', hosts: ['facebook.com', 'fb.com'], profile: (h) => `https://www.facebook.com/${h}` },
  { key: 'tiktok', label: 'TikTok', hosts: ['tiktok.com'], profile: (h) => `https://www.tiktok.com/@${h}` },
  { key: 'youtube', label: 'YouTube', hosts: ['youtube.com', 'youtu.be'], profile: (h) => `https://www.youtube.com/@${h}` },
  { key: 'website', label: 'Website', hosts: [], profile: null },
];

/** The longest address stored (what browsers and the database column both handle comfortably). */
export const WEB_ADDRESS_MAX = 2048;

const WEB_ADDRESS = /^https?:\/\/([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+)(?::\d{1,5})?(?:[/?#][^\s\u0000-\u001f]*)?$/i;
const HANDLE = /^@?([A-Za-z0-9._-]{1,100})$/;

/** An http(s) address with a dotted host name, no spaces or control characters: what may be stored and linked. */
export function isWebAddress(value: string): boolean {
  return value.length <= WEB_ADDRESS_MAX && WEB_ADDRESS.test(value);
}

function hostOf(address: string): string {
  return (WEB_ADDRESS.exec(address)?.[1] ?? '').toLowerCase();
}

export type SocialLinkParse = { ok: true; url: string | null } | { ok: false; error: string };

export function socialLinkError(kind: SocialLinkKind): string {
  return kind.profile === null
    ? 'Type a web address, like https://example.com'
    : `Type a ${kind.label} address or a username`;
}

/** What a social link field stores for what was typed: null for empty, a full https address, or why not. */
export function parseSocialLink(kind: SocialLinkKind, input: string): SocialLinkParse {
  const value = input.trim();
  if (value === '') return { ok: true, url: null };
  // A username (dots allowed, as Instagram and Facebook allow them), unless it is the site's own host name.
  const handle = HANDLE.exec(value);
  const bare = value.toLowerCase();
  const isSiteHost = kind.hosts.some((h) => bare === h || bare.endsWith(`.${h}`));
  if (handle && kind.profile !== null && !isSiteHost) return { ok: true, url: kind.profile(handle[1]!) };
  const address = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  if (!isWebAddress(address)) return { ok: false, error: socialLinkError(kind) };
  const host = hostOf(address);
  if (kind.hosts.length > 0 && !kind.hosts.some((h) => host === h || host.endsWith(`.${h}`))) {
    return { ok: false, error: socialLinkError(kind) };
  }
  return { ok: true, url: address };
}
