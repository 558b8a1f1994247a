import { createContext, useContext, useState, useSyncExternalStore } from 'react';

/**
 * Which rows a person opened or closed, by call id, kept above the rows themselves: a virtualised
 * replay unmounts rows that scroll away, and a row must come back as it was left. The find bar
 * and the `o` key open rows through the same store. Each row subscribes to its own id only.
 */
export class RowOpenState {
  private readonly toggled = new Map<string, boolean>();
  private readonly listeners = new Map<string, Set<() => void>>();

  /** The person's choice for a row, `undefined` while they have not toggled it. */
  get(callId: string): boolean | undefined {
    return this.toggled.get(callId);
  }

  set(callId: string, open: boolean): void {
    if (this.toggled.get(callId) === open) return;
    this.toggled.set(callId, open);
    for (const listener of this.listeners.get(callId) ?? []) listener();
  }

  subscribe(callId: string, listener: () => void): () => void {
    let forCall = this.listeners.get(callId);
    if (forCall === undefined) {
      forCall = new Set();
      this.listeners.set(callId, forCall);
    }
    forCall.add(listener);
    return () => {
      forCall.delete(listener);
      if (forCall.size === 0) this.listeners.delete(callId);
    };
  }
}

export const RowOpenStateContext = createContext<RowOpenState | null>(null);

const NO_STORE = new RowOpenState();

/**
 * A row's open state: the person's choice when they made one, else `autoExpand`. Inside a replay
 * the choice lives in the replay's store; a row rendered on its own keeps it in its own state.
 */
export function useRowOpen(callId: string, autoExpand: boolean): readonly [boolean, (open: boolean) => void] {
  const shared = useContext(RowOpenStateContext);
  const store = shared ?? NO_STORE;
  const [local, setLocal] = useState<boolean | undefined>(undefined);
  const sharedChoice = useSyncExternalStore(
    (listener) => store.subscribe(callId, listener),
    () => store.get(callId),
    () => store.get(callId),
  );
  const choice = shared === null ? local : sharedChoice;
  const setOpen = (open: boolean): void => {
    if (shared === null) setLocal(open);
    else shared.set(callId, open);
  };
  return [choice ?? autoExpand, setOpen] as const;
}
