/**
 * Company employee links: a link makes its user an employee while its start has been reached (or it has none) and
 * its end has not passed (or it has none). The database's tagbook_employed() (migration 0005) states the same rule
 * for the server, which also counts no link to a deleted company (0018); this is the app's reading of the links'
 * times.
 */
export function isEmployedAt(start: string | null, end: string | null, now: number): boolean {
  const from = start === null ? Number.NEGATIVE_INFINITY : Date.parse(start);
  const until = end === null ? Number.POSITIVE_INFINITY : Date.parse(end);
  return from <= now && now < until;
}
