import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  canGoBack,
  getLocation,
  getSearchParam,
  goBack,
  navigate,
  setSearchParam,
  subscribe,
} from '../../src/ui/navigation.js';
import { useLocation, useRoute, useSearchParam } from '../../src/app/router.js';
import { Link } from '../../src/ui/Link.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function here(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}

describe('navigate', () => {
  it('pushes a same-origin path and notifies subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    const length = window.history.length;
    navigate('/help/faq?x=1#top');
    expect(here()).toBe('/help/faq?x=1#top');
    expect(window.history.length).toBe(length + 1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getLocation()).toEqual({ pathname: '/help/faq', search: '?x=1', hash: '#top' });
    unsubscribe();
  });

  it('replaces when asked, and when the target is where we already are', () => {
    navigate('/a');
    const length = window.history.length;
    navigate('/b', { replace: true });
    expect(here()).toBe('/b');
    navigate('/b');
    expect(window.history.length).toBe(length);
  });

  it('resolves relative paths against the current location', () => {
    navigate('/vehicle/abc/');
    navigate('info');
    expect(window.location.pathname).toBe('/vehicle/abc/info');
  });

  it('keeps a stable snapshot while the location is unchanged', () => {
    navigate('/x1');
    expect(getLocation()).toBe(getLocation());
  });

  it('counts app entries so back stays inside the app', () => {
    expect(canGoBack()).toBe(false);
    navigate('/one');
    expect(canGoBack()).toBe(true);
    navigate('/two', { replace: true });
    expect(canGoBack()).toBe(true);
  });

  it('goBack falls back to the given path when nothing of ours is behind us', () => {
    navigate('/deep/link', { replace: true });
    const length = window.history.length;
    goBack('/deep');
    expect(window.location.pathname).toBe('/deep');
    expect(window.history.length).toBe(length);
  });

  it('sends other origins to the browser', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    navigate('https://example.org/x');
    expect(assign).toHaveBeenCalledWith('https://example.org/x');
    assign.mockRestore();
  });
});

describe('search parameters', () => {
  it('sets, replaces and removes one parameter, keeping the rest', () => {
    navigate('/help?keep=1#h');
    setSearchParam('auth', 'login');
    expect(here()).toBe('/help?keep=1&auth=login#h');
    expect(getSearchParam('auth')).toBe('login');
    setSearchParam('auth', 'register', { replace: true });
    expect(getSearchParam('auth')).toBe('register');
    setSearchParam('auth', null);
    expect(here()).toBe('/help?keep=1#h');
  });

  it('does nothing when the value is unchanged', () => {
    navigate('/?auth=login');
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    setSearchParam('auth', 'login');
    setSearchParam('other', null);
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('drops the ? when the last parameter goes', () => {
    navigate('/x?auth=login');
    setSearchParam('auth', null);
    expect(here()).toBe('/x');
  });
});

describe('hooks', () => {
  function Probe() {
    const location = useLocation();
    const route = useRoute();
    const auth = useSearchParam('auth');
    return (
      <output>
        {location.pathname}|{route.name}|{auth ?? '-'}
      </output>
    );
  }

  it('follow navigate, setSearchParam and popstate', () => {
    act(() => root.render(<Probe />));
    expect(container.textContent).toBe('/|public-vehicles|-');
    act(() => navigate('/help'));
    expect(container.textContent).toBe('/help|help|-');
    act(() => setSearchParam('auth', 'register'));
    expect(container.textContent).toBe('/help|help|register');
    act(() => {
      window.history.pushState(null, '', '/nowhere/at/all');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(container.textContent).toBe('/nowhere/at/all|not-found|-');
  });
});

describe('Link', () => {
  // Stops happy-dom from performing a real navigation when a click falls through to the browser.
  let fellThrough: boolean[];
  const recordDefault = (event: Event) => {
    fellThrough.push(!event.defaultPrevented);
    event.preventDefault();
  };
  beforeEach(() => {
    fellThrough = [];
    window.addEventListener('click', recordDefault);
  });
  afterEach(() => window.removeEventListener('click', recordDefault));

  function click(element: Element, init: MouseEventInit = {}) {
    act(() => {
      element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
    });
  }

  it('renders a real href', () => {
    act(() => root.render(<Link to="/help/faq">FAQ</Link>));
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/help/faq');
  });

  it('navigates in place on a plain left click', () => {
    act(() => root.render(<Link to="/help/faq?x=1">FAQ</Link>));
    const length = window.history.length;
    click(container.querySelector('a')!);
    expect(here()).toBe('/help/faq?x=1');
    expect(window.history.length).toBe(length + 1);
    expect(fellThrough).toEqual([false]);
  });

  it('replaces the entry when asked', () => {
    act(() => root.render(<Link to="/somewhere" replace>Go</Link>));
    const length = window.history.length;
    click(container.querySelector('a')!);
    expect(here()).toBe('/somewhere');
    expect(window.history.length).toBe(length);
  });

  it.each<[string, MouseEventInit]>([
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['middle button', { button: 1 }],
  ])('leaves %s clicks to the browser', (_, init) => {
    act(() => root.render(<Link to="/help">Help</Link>));
    click(container.querySelector('a')!, init);
    expect(window.location.pathname).toBe('/');
    expect(fellThrough).toEqual([true]);
  });

  it('leaves other windows, downloads and other origins to the browser', () => {
    act(() =>
      root.render(
        <>
          <Link to="/help" target="_blank">
            a
          </Link>
          <Link to="/file.txt" download>
            b
          </Link>
          <Link to="https://example.org/">c</Link>
        </>,
      ),
    );
    for (const anchor of container.querySelectorAll('a')) click(anchor);
    expect(window.location.pathname).toBe('/');
    expect(fellThrough).toEqual([true, true, true]);
  });

  it('respects an onClick that prevents default', () => {
    act(() =>
      root.render(
        <Link to="/help" onClick={(event) => event.preventDefault()}>
          Help
        </Link>,
      ),
    );
    click(container.querySelector('a')!);
    expect(window.location.pathname).toBe('/');
  });
});
