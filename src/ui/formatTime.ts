// Display of server times in the device's locale and time zone.
const fmt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A server time (Unix ms as bigint, 0 = not set) for display. */
export function formatTime(ms: bigint, withTime = true): string {
  if (ms === 0n) return '—';
  return (withTime ? fmt : dateOnly).format(new Date(Number(ms)));
}
