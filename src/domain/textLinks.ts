/**
 * URLs inside user-written text (descriptions, notes) become chips that show only the domain — a long address
 * would drown the text, and the domain is what tells a reader where a link goes. When one domain appears more than
 * once, each of its chips carries a number so they can be told apart.
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; url: string; label: string };

// http(s) addresses, and bare www. ones; a trailing full stop, comma or closing bracket belongs to the sentence.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** The host a chip shows: lowercase, without a leading www.; null for anything but a web address. */
export function urlDomain(url: string): string | null {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return null;
  const rest = url.replace(/^https?:\/\//i, '');
  const authority = rest.split(/[/?#]/, 1)[0] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '').toLowerCase();
  if (!/^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/.test(host)) return null;
  return host.replace(/^www\./, '');
}

export function splitTextLinks(text: string): TextPart[] {
  const found: { start: number; end: number; url: string; domain: string }[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING, '');
    const url = /^https?:\/\//i.test(raw) ? raw : `https://${raw}`;
    const domain = urlDomain(url);
    if (domain === null) continue;
    found.push({ start: match.index, end: match.index + raw.length, url, domain });
  }
  const perDomain = new Map<string, number>();
  for (const f of found) perDomain.set(f.domain, (perDomain.get(f.domain) ?? 0) + 1);
  const seen = new Map<string, number>();
  const parts: TextPart[] = [];
  let at = 0;
  for (const f of found) {
    if (f.start > at) parts.push({ kind: 'text', text: text.slice(at, f.start) });
    const n = (seen.get(f.domain) ?? 0) + 1;
    seen.set(f.domain, n);
    parts.push({ kind: 'link', url: f.url, label: (perDomain.get(f.domain) ?? 1) > 1 ? `${f.domain} (${n})` : f.domain });
    at = f.end;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/** Longest first-plus-last name a name chip shows in full. */
export const NAME_CHIP_MAX = 12;

/**
 * The name a chip shows: in full while first plus last name fit in 12 characters, otherwise the first name and the
 * last name's initial ("Alexandra Montgomery" → "Alexandra M."). A single word is shown whole.
 */
export function nameChipText(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return words[0] ?? '';
  const first = words[0]!;
  const last = words[words.length - 1]!;
  return first.length + last.length > NAME_CHIP_MAX ? `${first} ${last[0]!.toUpperCase()}.` : `${first} ${last}`;
}
