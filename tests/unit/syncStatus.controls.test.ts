// The sync bar's controls and notices: the Reconnect option, the Refresh button, the error toast.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncInput } from '../../src/data/syncStatus/derive.js';
import { CONNECTING, DISCONNECTED, IDLE, NOT_STARTED, OFFLINE, SYNCING, SYNC_ERROR, recordedMachine } from './support/syncInputs.js';

let rec: ReturnType<typeof recordedMachine>;

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  rec = recordedMachine();
});

afterEach(() => {
  rec.machine.dispose();
  vi.useRealTimers();
});

/** Feeds `input` at absolute fake time `ms`. */
function feed(ms: number, input: SyncInput) {
  rec.at(ms);
  rec.machine.update(input);
}

describe('the Reconnect option', () => {
  it('appears after 6000 ms of connecting', () => {
    feed(0, CONNECTING);
    rec.at(5999);
    expect(rec.machine.getView().showReconnect).toBe(false);
    rec.at(6000);
    expect(rec.machine.getView().showReconnect).toBe(true);
  });

  it('appears after 600000 ms of being offline', () => {
    feed(0, OFFLINE);
    rec.at(599_999);
    expect(rec.machine.getView().showReconnect).toBe(false);
    rec.at(600_000);
    expect(rec.machine.getView().showReconnect).toBe(true);
  });

  it('goes when the state changes, and never comes for other states', () => {
    feed(0, CONNECTING);
    feed(7000, SYNC_ERROR);
    expect(rec.machine.getView()).toMatchObject({ state: 'error', showReconnect: false });
    rec.at(700_000);
    expect(rec.machine.getView().showReconnect).toBe(false);
  });
});

describe('the Refresh button', () => {
  it('appears 4 s after the engine stopped connecting without a connection', () => {
    feed(0, CONNECTING);
    feed(1500, { ...DISCONNECTED, downloadError: 'Failed to fetch', browserOnline: false });
    rec.at(5499);
    expect(rec.machine.getView().showRefresh).toBe(false);
    rec.at(5500);
    expect(rec.machine.getView()).toMatchObject({ state: 'disconnected', showRefresh: true });
  });

  it('does not appear while connecting', () => {
    feed(0, CONNECTING);
    rec.at(60_000);
    expect(rec.machine.getView().showRefresh).toBe(false);
  });

  it('stays through the engine retrying, and goes once connected', () => {
    feed(0, CONNECTING);
    feed(1000, DISCONNECTED);
    rec.at(5000);
    expect(rec.machine.getView().showRefresh).toBe(true);
    feed(6000, CONNECTING);
    expect(rec.machine.getView()).toMatchObject({ state: 'connecting', showRefresh: true });
    feed(7500, SYNCING);
    rec.at(8000);
    expect(rec.machine.getView()).toMatchObject({ state: 'syncing', showRefresh: false });
  });

  it('does not count the time before the first connection attempt', () => {
    feed(0, NOT_STARTED);
    feed(10_000, CONNECTING);
    expect(rec.machine.getView()).toMatchObject({ state: 'connecting', showRefresh: false });
  });

  it('does not appear while connected, even on an error', () => {
    feed(0, { ...IDLE, uploadError: 'Upload rejected' });
    rec.at(10_000);
    expect(rec.machine.getView()).toMatchObject({ state: 'error', showRefresh: false });
  });
});

describe('the error toast', () => {
  it("says 'Download error: {message}' for 6000 ms", () => {
    feed(0, { ...IDLE, downloadError: 'Checksum mismatch' });
    expect(rec.machine.getView().toast).toBe('Download error: Checksum mismatch');
    rec.at(5999);
    expect(rec.machine.getView().toast).toBe('Download error: Checksum mismatch');
    rec.at(6000);
    expect(rec.machine.getView().toast).toBeNull();
  });

  it("says 'Upload error: {message}'", () => {
    feed(0, { ...IDLE, uploadError: 'Upload rejected' });
    expect(rec.machine.getView().toast).toBe('Upload error: Upload rejected');
  });

  it.each(['TypeError: Failed to fetch', 'NetworkError when attempting to fetch resource.'])(
    'stays away for the network error %s',
    (message) => {
      feed(0, { ...DISCONNECTED, downloadError: message, uploadError: message });
      expect(rec.machine.getView().toast).toBeNull();
    },
  );

  it('a standing error repeated in later statuses does not extend it', () => {
    feed(0, SYNC_ERROR);
    feed(3000, { ...SYNC_ERROR, uploading: true });
    rec.at(6000);
    expect(rec.machine.getView().toast).toBeNull();
  });

  it('a new message replaces it and restarts its 6000 ms', () => {
    feed(0, { ...IDLE, downloadError: 'first' });
    feed(3000, { ...IDLE, downloadError: 'second' });
    rec.at(8999);
    expect(rec.machine.getView().toast).toBe('Download error: second');
    rec.at(9000);
    expect(rec.machine.getView().toast).toBeNull();
  });

  it('the same error after it cleared is news again', () => {
    feed(0, SYNC_ERROR);
    feed(7000, IDLE);
    feed(8000, SYNC_ERROR);
    expect(rec.machine.getView().toast).toBe('Download error: Checksum mismatch');
  });

  it('when both fail at once, the download error is the one shown', () => {
    feed(0, { ...IDLE, downloadError: 'down', uploadError: 'up' });
    expect(rec.machine.getView().toast).toBe('Download error: down');
  });
});
