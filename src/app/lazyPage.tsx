import { lazy, type ComponentType, type ReactElement } from 'react';

/** A page loaded as its own chunk; preload() fetches it without rendering. */
export interface LazyPage<P extends object> {
  (props: P): ReactElement;
  preload(): Promise<unknown>;
}

/**
 * React.lazy, except that a page whose chunk has already arrived renders at once. React.lazy suspends on its first
 * render even when the module is loaded, and then holds the page back for its reveal throttle: on a cold start the
 * page a person opened (preloaded with the shell) would appear a frame and a throttle after the header.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        loading = null; // a chunk that failed before the first render (offline, say) is asked for again by it
        throw err;
      },
    );
    return loading;
  };
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  const Page = (props: P) => {
    const Component = loaded ?? Suspending;
    return <Component {...props} />;
  };
  Page.preload = preload;
  return Page;
}
