import type { TrackSessionData } from '../data/types.js';

export interface CircuitBest {
  circuit: string;
  bestLapMs: number;
  heldOn: string | null;
  sessions: number;
}

export interface TrackStats {
  sessions: number;
  laps: number;
  /** Each circuit's best lap (circuits written with other capitals or spaces count as one), fastest-known first by name. */
  bests: CircuitBest[];
}

const circuitKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** What a track-day driver looks at first: how many days and laps, and the personal best at each circuit. */
export function trackStats(sessions: readonly TrackSessionData[]): TrackStats {
  const byCircuit = new Map<string, CircuitBest>();
  let laps = 0;
  for (const s of sessions) {
    laps += s.laps ?? 0;
    const name = (s.circuit ?? '').trim();
    if (name === '') continue;
    const key = circuitKey(name);
    const entry = byCircuit.get(key) ?? { circuit: name, bestLapMs: 0, heldOn: null, sessions: 0 };
    entry.sessions += 1;
    const lap = s.best_lap_ms ?? 0;
    if (lap > 0 && (entry.bestLapMs === 0 || lap < entry.bestLapMs)) {
      entry.bestLapMs = lap;
      entry.heldOn = s.held_on;
    }
    byCircuit.set(key, entry);
  }
  const bests = [...byCircuit.values()].sort((a, b) => a.circuit.localeCompare(b.circuit));
  return { sessions: sessions.length, laps, bests };
}
