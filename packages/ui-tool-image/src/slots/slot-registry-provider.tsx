import { createContext, useContext, useState, type ReactNode } from 'react';
import { createSlotRegistry, type SlotRegistry, type SlotRegistryOptions } from './slot-registry';

const SlotRegistryContext = createContext<SlotRegistry | undefined>(undefined);

export type SlotRegistryProviderProps = { readonly children?: ReactNode } & (
  | { readonly registry: SlotRegistry; readonly onError?: never }
  /** `onError` is read once, when the provider creates its registry. */
  | { readonly registry?: never; readonly onError?: SlotRegistryOptions['onError'] }
);

/** Without a `registry`, each provider instance owns a fresh one: stories and tests stay isolated. */
export function SlotRegistryProvider({ registry, onError, children }: SlotRegistryProviderProps): ReactNode {
  const [ownRegistry] = useState(() => createSlotRegistry({ onError }));
  return <SlotRegistryContext.Provider value={registry ?? ownRegistry}>{children}</SlotRegistryContext.Provider>;
}

/** The provider's registry, `undefined` outside any provider. */
export function useSlotRegistryIfAny(): SlotRegistry | undefined {
  return useContext(SlotRegistryContext);
}

export function useSlotRegistry(): SlotRegistry {
  const registry = useContext(SlotRegistryContext);
  if (registry === undefined) throw new Error('useSlotRegistry() needs a <SlotRegistryProvider> above it.');
  return registry;
}
