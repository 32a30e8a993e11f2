import { formatLapTime } from '../../../domain/lapTime.js';
import { INFO_FIELDS, INFO_LABELS } from '../data/fields.js';
import type { EventData, NoteData, ServiceData, TrackSessionData } from '../data/types.js';

export type LogKind =
  | 'added' | 'info' | 'ownership' | 'renamed' | 'visibility' | 'tag' | 'note' | 'service' | 'service-done' | 'track' | 'odometer'
  | 'reminder-done';

export interface LogEntry {
  id: string;
  kind: LogKind;
  /** ISO time, or a calendar date (YYYY-MM-DD) for entries that only have a day (track days). */
  at: string;
  title: string;
  detail: string | null;
  /** Who did it, when known. */
  actor: string | null;
}

export interface LogbookInput {
  vehicle: { id: string; created_at: string | null };
  events: readonly EventData[];
  notes: readonly NoteData[];
  services: readonly ServiceData[];
  trackSessions: readonly TrackSessionData[];
  /** Reminders marked done, each with its title and the reading given with it (shown as written: "45,000 km"). */
  remindersDone?: readonly { id: string; done_on: string; title: string; reading: string | null }[];
  /** Odometer readings written on their own (not with a completion), shown as written. */
  readings?: readonly { id: string; read_on: string; reading: string; contradicting: boolean }[];
  /** Formats a duration for the work time of a service. */
  duration: (ms: number) => string;
  locale?: string;
}

const NOTE_PREVIEW = 240;

function infoFields(detail: string | null): string | null {
  const changed = new Set((detail ?? '').split(','));
  const labels = INFO_FIELDS.filter((f) => changed.has(f)).map((f) => INFO_LABELS[f]);
  return labels.length > 0 ? labels.join(', ') : null;
}

function eventEntry(e: EventData): LogEntry | null {
  const base = { id: `event:${e.id}`, at: e.created_at ?? '', actor: e.actor_name };
  switch (e.kind) {
    case 'info':
      return { ...base, kind: 'info', title: 'Info updated', detail: infoFields(e.detail) };
    case 'ownership':
      return { ...base, kind: 'ownership', title: e.detail ? `Ownership moved to ${e.detail}` : 'Ownership removed', detail: null };
    case 'renamed':
      return { ...base, kind: 'renamed', title: e.detail ? `Renamed to “${e.detail}”` : 'Name removed', detail: null };
    case 'visibility':
      return { ...base, kind: 'visibility', title: e.detail === 'public' ? 'Made public' : 'Made private', detail: null };
    case 'tag_linked':
      return { ...base, kind: 'tag', title: e.detail ? `Tag ${e.detail} linked` : 'Tag linked', detail: null };
    case 'tag_replaced': {
      const [old, replacement] = (e.detail ?? '').split(' ');
      return { ...base, kind: 'tag', title: old && replacement ? `Tag ${old} replaced by ${replacement}` : 'Tag replaced', detail: null };
    }
    case 'tag_unlinked':
      return { ...base, kind: 'tag', title: e.detail ? `Tag ${e.detail} unlinked` : 'Tag unlinked', detail: null };
    default:
      return null;
  }
}

function preview(text: string): string {
  return text.length > NOTE_PREVIEW ? `${text.slice(0, NOTE_PREVIEW - 1)}…` : text;
}

/**
 * The logbook: the vehicle's story from what the database holds — when it was added, its history of info
 * changes, renames, public/private, tags and ownership, the notes, the service requests with their work time, the
 * track days, the reminders done and the odometer readings — newest first.
 */
export function buildLogbook(input: LogbookInput): LogEntry[] {
  const entries: LogEntry[] = [];
  if (input.vehicle.created_at) {
    entries.push({ id: 'added', kind: 'added', at: input.vehicle.created_at, title: 'Vehicle added', detail: null, actor: null });
  }
  for (const e of input.events) {
    const entry = eventEntry(e);
    if (entry) entries.push(entry);
  }
  for (const n of input.notes) {
    if (n.deleted_at) continue;
    entries.push({ id: `note:${n.id}`, kind: 'note', at: n.created_at ?? '', title: 'Note', detail: preview(n.body ?? ''), actor: n.author_name });
  }
  for (const s of input.services) {
    const work = s.work_ms > 0 ? `Work time ${input.duration(s.work_ms)}` : null;
    entries.push({
      id: `service:${s.id}`, kind: 'service', at: s.created_at, title: 'Service requested',
      detail: [s.description, s.completed_at ? null : work].filter(Boolean).join(' · ') || null, actor: null,
    });
    if (s.completed_at) {
      entries.push({ id: `service-done:${s.id}`, kind: 'service-done', at: s.completed_at, title: 'Service completed', detail: work, actor: null });
    }
  }
  for (const t of input.trackSessions) {
    if (t.deleted_at) continue;
    const facts = [t.laps ? `${t.laps} laps` : null, t.best_lap_ms ? `best lap ${formatLapTime(t.best_lap_ms, input.locale)}` : null];
    entries.push({
      id: `track:${t.id}`, kind: 'track', at: t.held_on ?? '', title: `Track day at ${t.circuit ?? 'a circuit'}`,
      detail: facts.filter(Boolean).join(' · ') || null, actor: null,
    });
  }
  for (const d of input.remindersDone ?? []) {
    entries.push({ id: `done:${d.id}`, kind: 'reminder-done', at: d.done_on, title: `${d.title} done`, detail: d.reading ? `Odometer ${d.reading}` : null, actor: null });
  }
  for (const r of input.readings ?? []) {
    const detail = r.contradicting ? "Doesn't fit the readings around it; left out of the figures" : null;
    entries.push({ id: `reading:${r.id}`, kind: 'odometer', at: r.read_on, title: `Odometer ${r.reading}`, detail, actor: null });
  }
  // A day-only entry sorts as the end of its day, after the day's timed entries.
  const sortKey = (at: string) => (at.length === 10 ? `${at}T23:59:59.999Z` : at);
  return entries.sort((a, b) => sortKey(b.at).localeCompare(sortKey(a.at)) || a.id.localeCompare(b.id));
}
