import { Component, type ReactNode } from 'react';
import { Alert } from '@mui/material';

interface State {
  failed: boolean;
}

/** Keeps the header usable when a page fails to render or its code fails to load. */
export class PageErrorBoundary extends Component<{ children: ReactNode; message: string; resetKey: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    if (this.state.failed) return <Alert severity="error">{this.props.message}</Alert>;
    return this.props.children;
  }
}
