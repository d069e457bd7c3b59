// An error boundary around every page and panel: a view that throws while rendering shows what
// failed and a "Reload this view" button (which remounts it), the error goes to the host's log
// (`app:log-error`), and everything outside the view (sidebar, navigation, other panels) keeps
// working. Without it, one throw unmounts the whole React tree: a blank window.
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { call } from '../lib/bridge';

interface Props {
  /** What the view is, in words: shown in the panel and written to the log. */
  name: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  /** Bumped by "Reload this view": the children's key, so they mount afresh. */
  generation: number;
}

const CAPS = { view: 80, message: 2_000, stack: 8_000 };

function asError(value: unknown): Error {
  return value instanceof Error
    ? value
    : new Error(typeof value === 'string' ? value : 'A non-error value was thrown.');
}

/** Sends the failure to the host's log; a log that cannot be written must not fail the panel. */
export function reportViewError(view: string, error: Error, componentStack?: string | null): void {
  const args = {
    view: view.slice(0, CAPS.view) || 'view',
    message: `${error.name}: ${error.message}`.slice(0, CAPS.message),
    ...(error.stack ? { stack: error.stack.slice(0, CAPS.stack) } : {}),
    ...(componentStack ? { componentStack: componentStack.slice(0, CAPS.stack) } : {}),
  };
  call('app:log-error', args).catch(() => undefined);
}

export class ViewBoundary extends Component<Props, State> {
  override state: State = { error: null, generation: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: asError(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportViewError(this.props.name, asError(error), info.componentStack);
  }

  reload = (): void => {
    this.setState((state) => ({ error: null, generation: state.generation + 1 }));
  };

  override render(): ReactNode {
    const { error, generation } = this.state;
    if (!error) return <Fragment key={generation}>{this.props.children}</Fragment>;
    return (
      <section
        className="card view-error"
        role="alert"
        aria-label={`${this.props.name} failed`}
        data-testid="view-error"
      >
        <h3>{this.props.name} could not be shown</h3>
        <p className="mono small view-error-message">{`${error.name}: ${error.message}`}</p>
        <p className="muted small">The rest of the app still works. The error was written to the log.</p>
        <button type="button" onClick={this.reload}>
          Reload this view
        </button>
      </section>
    );
  }
}
