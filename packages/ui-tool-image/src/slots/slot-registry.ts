import type { FunctionComponent } from 'react';
import { allOrNothing } from './registry-transaction';
import type { Disposer, OwnerPropsOf, SingleSlotName, SlotKind, SlotKindOf, SlotName } from './slot-map';
import { SlotRuleError, type SlotRuleBreach } from './slot-rule-error';

/** A registered entry; `SlotEntry` without an argument is an entry of any slot. */
export interface SlotEntry<OwnerProps extends object = never> {
  readonly slot: string;
  /** `undefined` in a single slot. */
  readonly key: string | undefined;
  readonly owner: string;
  readonly priority: number;
  /** A function component (`memo`, `forwardRef` and `lazy` ones included). */
  readonly component: FunctionComponent<OwnerProps>;
}

export interface SlotDeclaration<N extends SlotName> {
  readonly owner: string;
  readonly kind: SlotKindOf<N>;
}

export type SlotRegistration<N extends SlotName> = {
  readonly owner: string;
  readonly key?: string;
  /** Default 0. The highest priority wins; an equal priority for the same key throws. */
  readonly priority?: number;
  readonly component: FunctionComponent<OwnerPropsOf<N>>;
  /** Child slots this entry declares (and alone may render) while it is registered. */
  readonly declares?: readonly SingleSlotName[];
} & (SlotKindOf<N> extends 'keyed' ? { readonly key: string } : { readonly key?: never });

/** Runs while the slot is declared; the returned cleanup runs when it stops being declared. */
export type SlotInjection = (registry: SlotRegistry) => Disposer | undefined;

export interface SlotErrorReport {
  readonly slot: string;
  readonly entryKey: string | undefined;
  readonly owner: string;
  readonly error: unknown;
}

export interface SlotRegistryOptions {
  readonly onError?: ((report: SlotErrorReport) => void) | undefined;
}

export interface SlotRegistry {
  /** Disposing undeclares the slot: its injections are cleaned up and its entries removed. */
  readonly declare: <N extends SlotName>(name: N, declaration: SlotDeclaration<N>) => Disposer;
  /** Throws a `SlotRuleError` when the slot is not declared (use `inject` to wait for it) or the seat is taken. */
  readonly register: <N extends SlotName>(name: N, registration: SlotRegistration<N>) => Disposer;
  /** Runs `injection` now if the slot is declared, and again at every later declaration; a run that throws is undone whole. */
  readonly inject: (name: SlotName, injection: SlotInjection) => Disposer;
  /** The winning entry; pass `entryKey` for a keyed slot. */
  readonly resolve: <N extends SlotName>(name: N, entryKey?: string) => SlotEntry<OwnerPropsOf<N>> | undefined;
  /** The entry that declared `name` as its child slot; `undefined` for a top-level slot. */
  readonly declarerOf: (name: SlotName) => SlotEntry | undefined;
  readonly subscribe: (listener: () => void) => Disposer;
  readonly reportError: (report: SlotErrorReport) => void;
}

interface Registered {
  readonly entry: SlotEntry;
  readonly undeclareChildren: Disposer;
}

interface Declaration {
  readonly owner: string;
  readonly kind: SlotKind;
  readonly declarer: SlotEntry | undefined;
  /** Per entry key (`undefined` in a single slot), highest priority first. */
  readonly entries: Map<string | undefined, readonly Registered[]>;
}

interface Injection {
  readonly run: SlotInjection;
  cleanup: Disposer | undefined;
}

/** Plain TypeScript: React subscribes through `subscribe`, but nothing here needs React. */
export function createSlotRegistry(options: SlotRegistryOptions = {}): SlotRegistry {
  const declarations = new Map<string, Declaration>();
  const injections = new Map<string, Set<Injection>>();
  const listeners = new Set<() => void>();

  function changed(): void {
    for (const listener of [...listeners]) listener();
  }

  function injectionsInto(name: string): Injection[] {
    return [...(injections.get(name) ?? [])];
  }

  function runInjection(injection: Injection): void {
    injection.cleanup = allOrNothing(registry, injection.run);
  }

  function cleanUpInjection(injection: Injection): void {
    const { cleanup } = injection;
    injection.cleanup = undefined;
    cleanup?.();
  }

  function declareSlot(name: string, owner: string, kind: SlotKind, declarer: SlotEntry | undefined): Disposer {
    const existing = declarations.get(name);
    if (existing !== undefined) {
      throw new SlotRuleError(`Slot "${name}" is already declared by "${existing.owner}"; "${owner}" cannot declare it too: a slot has exactly one declarer.`, {
        slot: name,
        entryKey: undefined,
        owner: declarer?.owner ?? owner,
      });
    }
    const declaration: Declaration = { owner, kind, declarer, entries: new Map() };
    declarations.set(name, declaration);
    changed();
    const undeclareOnce = once(() => {
      undeclare(name, declaration);
    });
    try {
      for (const injection of injectionsInto(name)) runInjection(injection);
    } catch (error) {
      // A half-filled declaration would hold the slot forever: nobody got its disposer.
      undeclareOnce();
      throw error;
    }
    return undeclareOnce;
  }

  function undeclare(name: string, declaration: Declaration): void {
    for (const injection of injectionsInto(name)) cleanUpInjection(injection);
    for (const registered of [...declaration.entries.values()].flat()) unregister(declaration, registered);
    declarations.delete(name);
    changed();
  }

  /** All or nothing: a failing declaration undoes the ones before it. */
  function declareChildren(names: readonly string[], declarer: SlotEntry): Disposer {
    const undeclares: Disposer[] = [];
    const undeclareAll = (): void => {
      for (const undeclareChild of undeclares.toReversed()) undeclareChild();
    };
    try {
      for (const name of names) undeclares.push(declareSlot(name, describeEntry(declarer), 'single', declarer));
    } catch (error) {
      undeclareAll();
      throw error;
    }
    return undeclareAll;
  }

  function register<N extends SlotName>(name: N, registration: SlotRegistration<N>): Disposer {
    const { owner, key, priority = 0, component, declares = [] } = registration;
    const declaration = declarations.get(name);
    if (declaration === undefined) {
      throw new SlotRuleError(`Cannot register "${owner}" into slot "${name}": the slot is not declared. Use inject() to wait for its declaration.`, {
        slot: name,
        entryKey: key,
        owner,
      });
    }
    const entry: SlotEntry = { slot: name, key, owner, priority, component };
    assertKeyFitsKind(entry, declaration.kind);
    const competitors = declaration.entries.get(key) ?? [];
    const rival = competitors.find((registered) => registered.entry.priority === priority);
    if (rival !== undefined) {
      throw new SlotRuleError(
        `"${describeEntry(entry)}" cannot take priority ${priority}: "${describeEntry(rival.entry)}" already holds it. Register with a different priority to override.`,
        breachBy(entry),
      );
    }
    const registered: Registered = { entry, undeclareChildren: declareChildren(declares, entry) };
    declaration.entries.set(key, [...competitors, registered].sort(byDescendingPriority));
    changed();
    return once(() => {
      unregister(declaration, registered);
    });
  }

  function unregister(declaration: Declaration, registered: Registered): void {
    const { key } = registered.entry;
    const competitors = declaration.entries.get(key) ?? [];
    if (!competitors.includes(registered)) return;
    const remaining = competitors.filter((competitor) => competitor !== registered);
    if (remaining.length === 0) declaration.entries.delete(key);
    else declaration.entries.set(key, remaining);
    registered.undeclareChildren();
    changed();
  }

  function inject(name: string, run: SlotInjection): Disposer {
    const injection: Injection = { run, cleanup: undefined };
    if (declarations.has(name)) runInjection(injection);
    const intoSlot = injections.get(name) ?? new Set();
    injections.set(name, intoSlot.add(injection));
    return once(() => {
      intoSlot.delete(injection);
      cleanUpInjection(injection);
    });
  }

  const registry: SlotRegistry = {
    declare: (name, { owner, kind }) => declareSlot(name, owner, kind, undefined),
    register,
    inject,
    // The map holds entries of every slot; the slot name is what ties an entry to its props.
    resolve: <N extends SlotName>(name: N, entryKey?: string) =>
      declarations.get(name)?.entries.get(entryKey)?.[0]?.entry as SlotEntry<OwnerPropsOf<N>> | undefined,
    declarerOf: (name) => declarations.get(name)?.declarer,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    reportError: (report) => {
      options.onError?.(report);
    },
  };
  return registry;
}

/** Names an entry in messages, e.g. `read-image (tool.call.toolview:read_image)`. */
export function describeEntry({ owner, slot, key }: SlotEntry): string {
  return key === undefined ? `${owner} (${slot})` : `${owner} (${slot}:${key})`;
}

function breachBy({ slot, key, owner }: SlotEntry): SlotRuleBreach {
  return { slot, entryKey: key, owner };
}

function assertKeyFitsKind(entry: SlotEntry, kind: SlotKind): void {
  if (kind === 'keyed' && entry.key === undefined) {
    throw new SlotRuleError(`Slot "${entry.slot}" is keyed: "${entry.owner}" must register with a key.`, breachBy(entry));
  }
  if (kind === 'single' && entry.key !== undefined) {
    throw new SlotRuleError(`Slot "${entry.slot}" is not keyed: "${entry.owner}" must register without a key.`, breachBy(entry));
  }
}

function byDescendingPriority(a: Registered, b: Registered): number {
  return b.entry.priority - a.entry.priority;
}

function once(action: () => void): Disposer {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
