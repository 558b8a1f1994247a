import type { Disposer, SlotRegistry } from '../slots';

/** Sets something up in a provider's slot registry; the disposer undoes exactly that. */
export type ToolCardPlugin = (registry: SlotRegistry) => Disposer;
