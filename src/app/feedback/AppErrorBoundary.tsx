import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen.js';

interface State {
  error: unknown;
  failed: boolean;
}

/**
 * Catches what a screen throws while rendering (including a page chunk that failed to load) and shows the error
 * screen instead of a blank page. Remount it (a new key) to try the same screen again. `standalone` when it wraps the
 * whole app, so the error screen brings its own <main>.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode; standalone?: boolean }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen error={this.state.error} standalone={this.props.standalone ?? false} /> : this.props.children;
  }
}
