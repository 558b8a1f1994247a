import { Component, type ReactNode } from 'react';
import { SlotUsageError } from './child-slot-guard';

interface SlotErrorBoundaryProps {
  /** A new identity in any position clears a caught crash and renders the children again. */
  readonly resetKeys: readonly unknown[];
  readonly fallback: ReactNode;
  readonly onError: (error: unknown) => void;
  readonly children: ReactNode;
}

interface SlotErrorBoundaryState {
  readonly caught: { readonly error: unknown } | undefined;
  readonly resetKeys: readonly unknown[];
}

/** Contains a render crash to one slot render site (React 19 has no hook for this). */
export class SlotErrorBoundary extends Component<SlotErrorBoundaryProps, SlotErrorBoundaryState> {
  override state: SlotErrorBoundaryState = { caught: undefined, resetKeys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown): Partial<SlotErrorBoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: SlotErrorBoundaryProps, state: SlotErrorBoundaryState): Partial<SlotErrorBoundaryState> | null {
    return sameKeys(props.resetKeys, state.resetKeys) ? null : { caught: undefined, resetKeys: props.resetKeys };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    const { caught } = this.state;
    if (caught === undefined) return this.props.children;
    if (caught.error instanceof SlotUsageError) throw caught.error;
    return this.props.fallback;
  }
}

function sameKeys(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((key, index) => Object.is(key, b[index]));
}
