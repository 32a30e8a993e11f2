import { decimalSeparator } from './numberInput.js';

/**
 * Lap times as people write them: "1:42.357" (minutes, seconds, thousandths), "1:42,357" with a comma, or plain
 * seconds "58.9". Stored as whole milliseconds so that bests compare exactly.
 */

/** The longest lap accepted: an hour covers the longest circuits at the slowest pace. */
export const LAP_TIME_MAX_MS = 3_600_000;

export const LAP_TIME_MESSAGE = 'Type a lap time like 1:42.357';

export type LapTimeParse = { ok: true; ms: number | null } | { ok: false; error: string };

/** Empty means no time recorded (null), not zero. */
export function parseLapTime(text: string): LapTimeParse {
  const value = text.trim().replace(/\s+/g, '');
  if (value === '') return { ok: true, ms: null };
  const match = /^(?:(\d{1,2}):)?(\d{1,4})(?:[.,](\d{1,3}))?$/.exec(value);
  if (!match) return { ok: false, error: LAP_TIME_MESSAGE };
  const [, minutes, seconds, fraction = ''] = match;
  const secs = Number(seconds);
  if (minutes !== undefined && secs >= 60) return { ok: false, error: LAP_TIME_MESSAGE };
  const ms = (Number(minutes ?? 0) * 60 + secs) * 1000 + Number(fraction.padEnd(3, '0'));
  if (ms <= 0 || ms > LAP_TIME_MAX_MS) return { ok: false, error: LAP_TIME_MESSAGE };
  return { ok: true, ms };
}

/** "1:42.357" (with the locale's decimal separator); seconds alone under a minute ("58.900"). */
export function formatLapTime(ms: number, locale?: string): string {
  const total = Math.round(ms);
  const minutes = Math.floor(total / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  const thousandths = String(total % 1000).padStart(3, '0');
  const sep = decimalSeparator(locale);
  return minutes > 0 ? `${minutes}:${String(seconds).padStart(2, '0')}${sep}${thousandths}` : `${seconds}${sep}${thousandths}`;
}
