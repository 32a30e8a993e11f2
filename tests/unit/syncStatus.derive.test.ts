import { describe, expect, it } from 'vitest';
import { deriveSyncState, isNetworkError } from '../../src/data/syncStatus/derive.js';
import { CONNECTING, DISCONNECTED, IDLE, INITIAL_SYNC, NOT_STARTED, input } from './support/syncInputs.js';

describe('network errors', () => {
  it.each([
    'TypeError: Failed to fetch',
    'NetworkError when attempting to fetch resource.',
    'network connection was lost',
    'FETCH aborted',
    'networkerror',
  ])('%s is a network error', (message) => {
    expect(isNetworkError(message)).toBe(true);
  });

  it.each(['Checksum mismatch', 'PSYNC_S2101: Authorization failed', 'Server error.'])('%s is not', (message) => {
    expect(isNetworkError(message)).toBe(false);
  });
});

describe('sync display state derivation', () => {
  it('shows offline mode while the browser reports no network, even before any connection', () => {
    expect(deriveSyncState(input({ ...NOT_STARTED, browserOnline: false }))).toBe('disconnected');
    expect(deriveSyncState(input({ ...CONNECTING, browserOnline: false }))).toBe('disconnected');
    expect(deriveSyncState(input({ ...NOT_STARTED, browserOnline: true }))).toBe('idle');
    expect(deriveSyncState(input({ ...IDLE, browserOnline: false }))).toBe('idle');
  });

  it('a non-network download error gives error, whatever else is true', () => {
    expect(deriveSyncState({ ...IDLE, downloadError: 'Checksum mismatch' })).toBe('error');
    expect(deriveSyncState({ ...CONNECTING, downloadError: 'Checksum mismatch' })).toBe('error');
    expect(deriveSyncState({ ...NOT_STARTED, downloadError: 'Checksum mismatch' })).toBe('error');
  });

  it('a non-network upload error gives error', () => {
    expect(deriveSyncState({ ...IDLE, uploadError: 'Upload rejected' })).toBe('error');
  });

  it('a network error is ignored while connected', () => {
    expect(deriveSyncState({ ...IDLE, uploadError: 'Failed to fetch' })).toBe('idle');
    expect(deriveSyncState({ ...INITIAL_SYNC, downloadError: 'NetworkError' })).toBe('initial-sync');
  });

  it('a network error shows as offline when not connected and the browser has no network, even before the first connection', () => {
    expect(deriveSyncState({ ...NOT_STARTED, downloadError: 'TypeError: Failed to fetch', browserOnline: false })).toBe('disconnected');
    expect(deriveSyncState({ ...DISCONNECTED, downloadError: 'network down', browserOnline: false })).toBe('disconnected');
  });

  it('with a network, one that does not reach the server says so, and keeps saying it while a retry connects', () => {
    expect(deriveSyncState({ ...NOT_STARTED, downloadError: 'TypeError: Failed to fetch' })).toBe('unreachable');
    expect(deriveSyncState({ ...DISCONNECTED, downloadError: 'Network error: Failed to fetch', browserOnline: true })).toBe('unreachable');
    expect(deriveSyncState({ ...CONNECTING, downloadError: 'Failed to fetch' })).toBe('unreachable');
    expect(deriveSyncState({ ...DISCONNECTED, uploadError: 'Failed to fetch' })).toBe('unreachable');
  });

  it('connected and never synced gives initial sync, downloading or not', () => {
    expect(deriveSyncState(INITIAL_SYNC)).toBe('initial-sync');
    expect(deriveSyncState({ ...INITIAL_SYNC, downloading: false, uploading: true })).toBe('initial-sync');
  });

  it('connected and synced gives syncing if downloading, uploading if uploading, else idle', () => {
    expect(deriveSyncState({ ...IDLE, downloading: true })).toBe('syncing');
    expect(deriveSyncState({ ...IDLE, uploading: true })).toBe('uploading');
    expect(deriveSyncState({ ...IDLE, downloading: true, uploading: true })).toBe('syncing');
    expect(deriveSyncState(IDLE)).toBe('idle');
  });

  it('connecting gives connecting, before and after a first connection', () => {
    expect(deriveSyncState(CONNECTING)).toBe('connecting');
    expect(deriveSyncState({ ...CONNECTING, everConnected: true, hasSynced: true })).toBe('connecting');
  });

  it('not connected after a first connection gives disconnected', () => {
    expect(deriveSyncState(DISCONNECTED)).toBe('disconnected');
    expect(deriveSyncState(input({ everConnected: true }))).toBe('disconnected');
  });

  it('not connected before any connection, without an error, is idle (hidden)', () => {
    expect(deriveSyncState(NOT_STARTED)).toBe('idle');
    expect(deriveSyncState(input({ hasSynced: true }))).toBe('idle');
  });
});
