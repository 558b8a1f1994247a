import { createContext, useContext, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { assertRenderableFrom } from './child-slot-guard';
import { isDevelopment } from './development';
import { SlotErrorBoundary } from './slot-error-boundary';
import type { OwnerPropsOf, SlotKindOf, SlotName } from './slot-map';
import type { SlotEntry } from './slot-registry';
import { useSlotRegistry, useSlotRegistryIfAny } from './slot-registry-provider';

/** Shown when no entry fills the slot or the winning entry crashed while rendering. */
export type SlotFallback<OwnerProps> = ReactNode | ((ownerProps: OwnerProps) => ReactNode);

export interface RenderSlotOptions<N extends SlotName> {
  /** Which key of a keyed slot to render; a single slot takes none. */
  readonly entryKey?: SlotKindOf<N> extends 'keyed' ? string : never;
  readonly fallback?: SlotFallback<OwnerPropsOf<N>>;
}

export interface SlotProps<N extends SlotName> extends RenderSlotOptions<N> {
  readonly name: N;
  readonly props: OwnerPropsOf<N>;
}

/** The entry whose render subtree we are in: the only one allowed to render its child slots. */
const RenderingEntryContext = createContext<SlotEntry | undefined>(undefined);

/** Renders the winning entry of `name` (per `entryKey` in a keyed slot), else the fallback. */
export function Slot<N extends SlotName>({ name, props, entryKey, fallback }: SlotProps<N>): ReactNode {
  const registry = useSlotRegistry();
  const renderingEntry = useContext(RenderingEntryContext);
  const resolveEntry = () => registry.resolve(name, entryKey);
  // The same snapshot on the server (renderToString, React Server Components' SSR) and while hydrating.
  const entry = useSyncExternalStore(registry.subscribe, resolveEntry, resolveEntry);
  if (isDevelopment()) assertRenderableFrom(name, registry.declarerOf(name), renderingEntry);

  const fallbackView = <FallbackView fallback={fallback} ownerProps={props} />;
  if (entry === undefined) return fallbackView;
  const reportCrash = (error: unknown): void => {
    registry.reportError({ slot: name, entryKey: entry.key, owner: entry.owner, error });
  };
  return (
    <SlotErrorBoundary resetKeys={[entry, props]} fallback={fallbackView} onError={reportCrash}>
      <RenderingEntryContext.Provider value={entry}>
        <entry.component {...props} />
      </RenderingEntryContext.Provider>
    </SlotErrorBoundary>
  );
}

export function renderSlot<N extends SlotName>(name: N, ownerProps: OwnerPropsOf<N>, options?: RenderSlotOptions<N>): ReactElement {
  return <Slot name={name} props={ownerProps} {...options} />;
}

function FallbackView<OwnerProps>({ fallback, ownerProps }: { readonly fallback: SlotFallback<OwnerProps>; readonly ownerProps: OwnerProps }): ReactNode {
  return typeof fallback === 'function' ? fallback(ownerProps) : fallback;
}

/**
 * Renders slot `name` where a provider is above, nothing where none is: for a component that also
 * works on its own (a `ToolRow`, an `ImageLightbox` outside `ToolCardProvider`) and only offers the app a seat.
 */
export function renderOptionalSlot<N extends SlotName>(name: N, ownerProps: OwnerPropsOf<N>): ReactElement {
  return <OptionalSlot name={name} props={ownerProps} />;
}

function OptionalSlot<N extends SlotName>({ name, props }: SlotProps<N>): ReactNode {
  return useSlotRegistryIfAny() === undefined ? null : <Slot name={name} props={props} />;
}
