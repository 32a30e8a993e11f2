import { companyClient } from '../../rpc/adminClients.js';
import { useRemote } from '../../rpc/useRemote.js';

/** One entry of a company's catalogue of the work it offers, as the request form uses it. */
export interface CatalogueEntry {
  id: string;
  name: string;
  description: string;
  durationMinutes: number;
}

/**
 * The company's catalogue (CompanyService.ListServices). It lives on the server only, so offline, or for someone who
 * may not read it, the form simply has no catalogue to offer.
 */
export function useServiceCatalogue(companyId: string | null): CatalogueEntry[] {
  const answer = useRemote(`catalogue:${companyId ?? ''}`, async () =>
    companyId === null || !navigator.onLine ? [] : (await companyClient().listServices({ companyId })).services,
  );
  return answer.status === 'ready' ? answer.data : [];
}

/**
 * What picking a catalogue entry fills in: the description (its name, and its own description after a colon), and,
 * when a start is set and the entry has a usual duration, the end.
 */
export function fromCatalogue(entry: CatalogueEntry, startMs: number | null): { description: string; endMs: number | null } {
  const description = entry.description.trim() === '' ? entry.name : `${entry.name}: ${entry.description.trim()}`;
  const endMs = startMs !== null && entry.durationMinutes > 0 ? startMs + entry.durationMinutes * 60_000 : null;
  return { description, endMs };
}
