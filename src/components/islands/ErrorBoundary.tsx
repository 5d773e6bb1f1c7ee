/**
 * The render-error fallback around every React island (coverage.md §2 chrome, §8): when a component
 * throws while rendering, the island shows 'Something went wrong.' (in the island's language) with
 * the error's message instead of going blank; the rest of the page keeps working.
 */
import { Component, createElement, type ComponentType, type ReactNode } from 'react';
import * as m from '../../paraglide/messages.js';
import type { Locale } from '../../i18n/messages';

type Props = { locale: Locale; children?: ReactNode };
type State = { error: Error | null };

/** Catches a render error below it and shows the fallback; `locale` chooses the text's language. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  /** The error thrown below, as state (a non-Error value becomes an Error with its text). */
  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-render-error>
        <p className="font-semibold">{m.render_error({}, { locale: this.props.locale })}</p>
        {error.message && <p className="mt-1 break-words" dir="auto">{error.message}</p>}
      </div>
    );
  }
}

/** `Island` wrapped in an ErrorBoundary that takes the language from the island's own `locale` prop. */
export function withErrorBoundary<P extends { locale: Locale }>(Island: ComponentType<P>): ComponentType<P> {
  function Guarded(props: P) {
    return <ErrorBoundary locale={props.locale}>{createElement(Island, props)}</ErrorBoundary>;
  }
  Guarded.displayName = `Guarded(${Island.displayName ?? Island.name})`;
  return Guarded;
}
