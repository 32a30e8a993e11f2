import { useSyncExternalStore } from 'react';
import { kvDelete, kvGet, kvSet } from './kv.js';
import { sameUser } from './user.js';
import type { CurrentUser } from './user.js';

// The device's session: what a sign-in established, persisted so a reload stays signed in, and
// shared by every tab. This module is on the critical path (the chrome asks "signed in?" on first render), so it
// carries no protobuf or RPC code.

export interface StoredSession {
  sessionId: string;
  userId: string;
  user: CurrentUser;
  /** SubjectPublicKeyInfo (DER) of the server's key, kept to verify data the server signs. */
  serverPublicKey: Uint8Array;
  /**
   * The workspace choice, kept with the session so it survives reloads and works offline: '-' personal, a
   * company id, absent while nothing was chosen (a new session: src/app/submenu/workspace.ts says where that puts the
   * user).
   */
  workspace?: string;
}

export type SessionSnapshot =
  | { readonly status: 'loading'; readonly session: null }
  | { readonly status: 'ready'; readonly session: StoredSession | null };

const SESSION_KEY = 'session';
const CHANNEL_NAME = 'tagbook-session';

const LOADING: SessionSnapshot = { status: 'loading', session: null };

let snapshot: SessionSnapshot = LOADING;
let loading: Promise<void> | null = null;
/** Bumped by every change; a read that started before a change must not publish its older value. */
let generation = 0;
let channel: BroadcastChannel | null = null;
const listeners = new Set<() => void>();
const startListeners = new Set<() => void>();

/** Logged in if a session id and a user id exist. */
export function isLoggedIn(session: StoredSession | null | undefined): session is StoredSession {
  return !!session && session.sessionId !== '' && session.userId !== '';
}

function publish(session: StoredSession | null): void {
  snapshot = { status: 'ready', session: isLoggedIn(session) ? session : null };
  for (const listener of [...listeners]) listener();
}

/** Data from an older build or a damaged store counts as no session, never as a crash. */
function asSession(value: unknown): StoredSession | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Partial<StoredSession>;
  if (typeof v.sessionId !== 'string' || typeof v.userId !== 'string') return null;
  if (typeof v.user !== 'object' || v.user === null || !(v.serverPublicKey instanceof Uint8Array)) return null;
  return v as StoredSession;
}

type TabMessage = { type: 'session'; session: StoredSession | null };

// Other tabs learn of sign-in, sign-out and user updates at once; signing out in one tab signs out all. The message
// carries the session itself, so it works even when storage fell back to memory.
function openChannel(): void {
  if (channel !== null || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<TabMessage>) => {
    if (event.data?.type !== 'session') return;
    generation++;
    publish(asSession(event.data.session));
  };
}

function tellOtherTabs(session: StoredSession | null): void {
  const message: TabMessage = { type: 'session', session };
  channel?.postMessage(message);
}

/** Reads the stored session once; every caller shares the read. */
export function loadSession(): Promise<void> {
  if (loading === null) {
    openChannel();
    const started = generation;
    loading = kvGet<unknown>(SESSION_KEY).then(
      (value) => {
        if (generation === started) publish(asSession(value));
      },
      (error: unknown) => {
        console.error('Could not read the stored session', error);
        if (generation === started) publish(null);
      },
    );
  }
  return loading;
}

/** The session once storage has answered (null when signed out). Calls made before that wait for it. */
export async function whenSessionLoaded(): Promise<StoredSession | null> {
  await loadSession();
  return snapshot.session;
}

export function getSessionSnapshot(): SessionSnapshot {
  return snapshot;
}

export function getSession(): StoredSession | null {
  return snapshot.session;
}

export function subscribeSession(listener: () => void): () => void {
  void loadSession();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

async function write(session: StoredSession | null): Promise<void> {
  openChannel();
  generation++;
  if (session === null) await kvDelete(SESSION_KEY);
  else await kvSet(SESSION_KEY, session);
  publish(session);
  tellOtherTabs(session);
}

/** Starts a session (after registration or sign-in), replacing any other. */
export async function setSession(session: StoredSession): Promise<void> {
  await write(session);
  for (const listener of [...startListeners]) listener();
}

/** Told when this tab starts a session: the person signed in here (other tabs only learn of it). */
export function subscribeSessionStarted(listener: () => void): () => void {
  startListeners.add(listener);
  return () => {
    startListeners.delete(listener);
  };
}

/** Ends the session on this device, in every tab. Key rotation is the caller's business (see localLogout). */
export function clearSession(): Promise<void> {
  return write(null);
}

/**
 * Replaces the current user (the server's response header said so). Ignored unless `sessionId` is still the current
 * session, so a late answer to a call of an earlier session never dresses the new one in the old user.
 */
export async function updateUser(sessionId: string, user: CurrentUser): Promise<void> {
  const current = snapshot.session;
  if (!current || current.sessionId !== sessionId || sameUser(current.user, user)) return;
  await write({ ...current, user });
}

/** Stores the workspace choice with the current session (and tells the other tabs); ignored when signed out. */
export async function setWorkspaceChoice(workspace: string): Promise<void> {
  await loadSession();
  const current = snapshot.session;
  if (!current || current.workspace === workspace) return;
  await write({ ...current, workspace });
}

/** What a page rendered on the server (an anonymous caller's first answer) knows: nobody is signed in. */
const SERVER_SNAPSHOT: SessionSnapshot = { status: 'ready', session: null };

export function useSessionSnapshot(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSessionSnapshot, () => SERVER_SNAPSHOT);
}

/** The signed-in user, or null when signed out or while the stored session is still being read. */
export function useCurrentUser(): CurrentUser | null {
  return useSessionSnapshot().session?.user ?? null;
}
