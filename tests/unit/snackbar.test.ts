import { describe, expect, it } from 'vitest';
import { advance, dismiss, EMPTY_SNACKBARS, enqueue, hideAt, SNACKBAR_DURATION_MS } from '../../src/ui/snackbar/queue.js';
import { createSnackbarStore } from '../../src/ui/snackbar/store.js';
import { fakeClock } from './support/fakeClock.js';

const msg = (id: number, message = `m${id}`) => ({ id, severity: 'info' as const, message });

describe('snackbar queue', () => {
  it('hides after 4000 ms', () => {
    expect(SNACKBAR_DURATION_MS).toBe(4000);
    const shown = enqueue(EMPTY_SNACKBARS, msg(1), 1000);
    expect(hideAt(shown)).toBe(5000);
    expect(advance(shown, 4999).current?.id).toBe(1);
    expect(advance(shown, 5000).current).toBeNull();
  });

  it('shows one at a time and the rest in order, each for its full time', () => {
    let state = enqueue(EMPTY_SNACKBARS, msg(1), 0);
    state = enqueue(state, msg(2), 100);
    state = enqueue(state, msg(3), 200);
    expect(state.current?.id).toBe(1);
    expect(state.waiting.map((m) => m.id)).toEqual([2, 3]);
    state = advance(state, 4000);
    expect(state.current).toMatchObject({ id: 2, shownAt: 4000 });
    // A late tick still gives each message its own 4 s, counted from when it appeared.
    state = advance(state, 12_500);
    expect(state.current).toBeNull();
    expect(advance(enqueue(enqueue(EMPTY_SNACKBARS, msg(1), 0), msg(2), 0), 7999).current?.id).toBe(2);
  });

  it('closing shows the next one at once', () => {
    const state = dismiss(enqueue(enqueue(EMPTY_SNACKBARS, msg(1), 0), msg(2), 0), 1500);
    expect(state.current).toMatchObject({ id: 2, shownAt: 1500 });
    expect(dismiss(state, 1600)).toEqual(EMPTY_SNACKBARS);
  });
});

describe('snackbar store on an injected clock', () => {
  it('shows queued messages one after another and then nothing', () => {
    const clock = fakeClock();
    const store = createSnackbarStore(clock);
    store.show({ severity: 'success', message: 'Saved' });
    store.show({ severity: 'error', message: 'Failed' });
    expect(store.get().current?.message).toBe('Saved');
    clock.advanceTo(3999);
    expect(store.get().current?.message).toBe('Saved');
    clock.advanceTo(4000);
    expect(store.get().current?.message).toBe('Failed');
    clock.advanceTo(7999);
    expect(store.get().current?.message).toBe('Failed');
    clock.advanceTo(8000);
    expect(store.get().current).toBeNull();
  });

  it('close() moves on to the next message, which then gets its own 4 s', () => {
    const clock = fakeClock();
    const store = createSnackbarStore(clock);
    store.show({ severity: 'info', message: 'one' });
    store.show({ severity: 'warning', message: 'two' });
    clock.advanceTo(1000);
    store.close();
    expect(store.get().current?.message).toBe('two');
    clock.advanceTo(4999);
    expect(store.get().current?.message).toBe('two');
    clock.advanceTo(5000);
    expect(store.get().current).toBeNull();
  });
});
