import type { SyncIcon } from '../data/syncStatus/presentation.js';

// Stroked 24×24 glyphs drawn for this bar: inline so the shell needs no icon font or extra request.
const PATHS: Readonly<Record<SyncIcon, readonly string[]>> = {
  connecting: ['M12 3a9 9 0 1 0 9 9'],
  connected: ['M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z', 'm8 12.5 3 3 5-6'],
  offline: ['M2.5 9a14 14 0 0 1 19 0', 'M5.5 12.5a9.5 9.5 0 0 1 13 0', 'M9 16a4.5 4.5 0 0 1 6 0', 'M12 19.5h.01', 'M3 3l18 18'],
  download: ['M12 4v11', 'm7 10 5 5 5-5', 'M5 20h14'],
  sync: ['M4 12a8 8 0 0 1 14-5.3L20 9', 'M20 4v5h-5', 'M20 12a8 8 0 0 1-14 5.3L4 15', 'M4 20v-5h5'],
  upload: ['M12 16V5', 'm7 10 5-5 5 5', 'M5 20h14'],
  synced: ['m5 12.5 4.5 4.5L19 7.5'],
  error: ['M12 3.5 2.5 20h19z', 'M12 10v4', 'M12 17h.01'],
};

/** States in motion spin their glyph (unless the user asked for less motion, see the CSS). */
const SPINNING: ReadonlySet<SyncIcon> = new Set(['connecting', 'sync']);

export function SyncStatusIcon({ icon }: { icon: SyncIcon }) {
  return (
    <svg
      className="sync-status__icon"
      data-spin={SPINNING.has(icon) ? '' : undefined}
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {PATHS[icon].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
