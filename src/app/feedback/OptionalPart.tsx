import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

/**
 * Wraps a piece of chrome the page can do without (the active-request banner): when it fails to load or render, it
 * is left out and logged, instead of taking the page down with it.
 */
export class OptionalPart extends Component<{ children: ReactNode; name: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`${this.props.name} failed and is left out`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
