import { describe, expect, it, vi } from 'vitest';
import { createLongPress, classifyPress, LONG_PRESS_MS } from '../../src/app/actions/longPress.js';
import { refreshSoon, REFRESH_DELAY_MS } from '../../src/app/actions/refresh.js';
import { copyUrl, SHARE_MESSAGES, shareUrl, type ShareEnv } from '../../src/app/actions/shareUrl.js';
import {
  HEADER_MOVE_PX,
  HEADER_TOP_ZONE_PX,
  INITIAL_HEADER,
  nextHeaderVisibility,
  type HeaderVisibility,
} from '../../src/app/chrome/headerVisibility.js';
import { stageTitle } from '../../src/app/stage.js';
import { fakeClock } from './support/fakeClock.js';

function scrollThrough(positions: number[], start: HeaderVisibility = INITIAL_HEADER): boolean[] {
  let state = start;
  return positions.map((y) => (state = nextHeaderVisibility(state, y)).visible);
}

describe('header visibility', () => {
  it('uses the 80px top zone and the 50px movement', () => {
    expect([HEADER_TOP_ZONE_PX, HEADER_MOVE_PX]).toEqual([80, 50]);
  });

  it('stays within 80px of the top whatever the direction', () => {
    expect(scrollThrough([40, 80, 10, 0])).toEqual([true, true, true, true]);
  });

  it('hides only after scrolling down more than 50px', () => {
    expect(scrollThrough([80, 100, 130, 131])).toEqual([true, true, true, false]);
  });

  it('counts the 50px down from the lowest point since it last showed', () => {
    // Hidden past 130, then up 51px from 300 shows it; down again, it hides only once more than 50px below 249.
    expect(scrollThrough([80, 131, 300, 249, 299, 300])).toEqual([true, false, false, true, true, false]);
  });

  it('shows after scrolling up more than 50px from the deepest point while hidden', () => {
    expect(scrollThrough([80, 131, 500, 460, 450, 449])).toEqual([true, false, false, false, false, true]);
  });

  it('shows at once when the page lands within 80px of the top (e.g. a jump to the top)', () => {
    expect(scrollThrough([80, 2000, 81, 80])).toEqual([true, false, true, true]);
  });

  it('ignores jitter smaller than the threshold', () => {
    expect(scrollThrough([80, 131, 600, 580, 600, 570, 600])).toEqual([true, false, false, false, false, false, false]);
  });
});

describe('Copy URL press', () => {
  it('is a long press from 1000 ms', () => {
    expect(LONG_PRESS_MS).toBe(1000);
    expect(classifyPress(999)).toBe('short');
    expect(classifyPress(1000)).toBe('long');
  });

  function press() {
    const clock = fakeClock();
    const onShort = vi.fn();
    const onLong = vi.fn();
    return { clock, onShort, onLong, lp: createLongPress(clock, onShort, onLong) };
  }

  it('copies on a release before 1000 ms', () => {
    const { clock, onShort, onLong, lp } = press();
    lp.start();
    clock.advanceBy(999);
    lp.end();
    expect(onShort).toHaveBeenCalledOnce();
    expect(onLong).not.toHaveBeenCalled();
    clock.advanceBy(5000);
    expect(onLong).not.toHaveBeenCalled();
  });

  it('shares after 1000 ms held, without waiting for the release, and the release then does nothing', () => {
    const { clock, onShort, onLong, lp } = press();
    lp.start();
    clock.advanceBy(1000);
    expect(onLong).toHaveBeenCalledOnce();
    lp.end();
    expect(onShort).not.toHaveBeenCalled();
    expect(onLong).toHaveBeenCalledOnce();
  });

  it('does nothing when the press is cancelled (pointer left)', () => {
    const { clock, onShort, onLong, lp } = press();
    lp.start();
    clock.advanceBy(500);
    lp.cancel();
    clock.advanceBy(2000);
    lp.end();
    expect(onShort).not.toHaveBeenCalled();
    expect(onLong).not.toHaveBeenCalled();
  });
});

describe('Copy URL and share outcomes', () => {
  const env = (share?: ShareEnv['share'], fail = false): ShareEnv & { copied: string[] } => {
    const copied: string[] = [];
    return {
      copied,
      writeText: async (text) => {
        if (fail) throw new Error('denied');
        copied.push(text);
      },
      share,
    };
  };

  it('copies the address', async () => {
    const e = env();
    expect(await copyUrl('https://x.test/a', e)).toEqual({ severity: 'success', message: 'URL copied to clipboard' });
    expect(e.copied).toEqual(['https://x.test/a']);
    expect((await copyUrl('https://x.test/a', env(undefined, true))).severity).toBe('error');
  });

  it('shares when the browser can', async () => {
    const share = vi.fn(async () => {});
    expect(await shareUrl('https://x.test/a', 'A', env(share))).toEqual({ severity: 'success', message: 'Shared successfully' });
    expect(share).toHaveBeenCalledWith({ url: 'https://x.test/a', title: 'A' });
  });

  it('stays silent when the person cancels the share sheet', async () => {
    const abort = Object.assign(new Error('cancelled'), { name: 'AbortError' });
    expect(await shareUrl('u', 't', env(async () => Promise.reject(abort)))).toBeNull();
  });

  it('reports other share failures', async () => {
    expect(await shareUrl('u', 't', env(async () => Promise.reject(new Error('NotAllowedError'))))).toEqual({
      severity: 'error',
      message: 'Failed to share',
    });
  });

  it('copies instead where there is no share sheet, and says so', async () => {
    const e = env(undefined);
    expect(await shareUrl('https://x.test/b', 't', e)).toEqual({
      severity: 'info',
      message: SHARE_MESSAGES.shareUnsupported,
    });
    expect(SHARE_MESSAGES.shareUnsupported).toBe('Share API not supported, URL copied instead');
    expect(e.copied).toEqual(['https://x.test/b']);
  });
});

describe('Refresh', () => {
  it("warns 'Refresh...' and reloads after 2000 ms", () => {
    const clock = fakeClock();
    const show = vi.fn();
    const reload = vi.fn();
    refreshSoon(show, reload, (callback, ms) => {
      const handle = clock.setTimeout(callback, ms);
      return () => clock.clearTimeout(handle);
    });
    expect(REFRESH_DELAY_MS).toBe(2000);
    expect(show).toHaveBeenCalledWith({ severity: 'warning', message: 'Refresh...' });
    clock.advanceBy(1999);
    expect(reload).not.toHaveBeenCalled();
    clock.advanceBy(1);
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('stage title', () => {
  it('prefixes stage builds and leaves production alone', () => {
    expect(stageTitle('Help', 'stage')).toBe('[STAGE] Help');
    expect(stageTitle('Help', 'dev')).toBe('[DEV] Help');
    expect(stageTitle('Help', '')).toBe('Help');
    // The unit suite runs with a production build's settings.
    expect(stageTitle('Help')).toBe('Help');
  });
});
