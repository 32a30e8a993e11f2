import { createContext, useContext, type ReactNode } from 'react';

// The site's own origin, for the parts of a page that print it (the domain on tag pages) or compare against it (links
// that stay on the site): the browser's, or, where the server renders a page, the origin it is configured with (never
// a request's Host header, which a caller writes).
const SiteOriginContext = createContext<string | null>(null);

export function SiteOriginProvider({ origin, children }: { origin: string; children: ReactNode }) {
  return <SiteOriginContext.Provider value={origin}>{children}</SiteOriginContext.Provider>;
}

/** The site's origin ('https://tagbook.example'). */
export function useSiteOrigin(): string {
  return useContext(SiteOriginContext) ?? location.origin;
}
