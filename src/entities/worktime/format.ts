// Work time is written two ways, each for its own use.

/**
 * A clock's reading, as HH:MM:SS: running clocks, a person's time, a stretch. Seconds show so a
 * running clock visibly moves; hours keep growing past 99 rather than wrapping. Negative input reads as zero.
 */
export function formatClockReading(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/** Work done, as a record of the past reads it (the logbook): "2 h 05 min", "25 min", "0 min". */
export function formatWorkTotal(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours} h ${String(rest).padStart(2, '0')} min` : `${rest} min`;
}
