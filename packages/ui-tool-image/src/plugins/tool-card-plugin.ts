import type { Disposer, SlotRegistry } from '../slots';

/**
 * Sets something up in a provider's slot registry; the disposer undoes exactly that. An app hands
 * its own to `ToolCardProvider`'s `plugins`; its function name names it in error reports.
 */
export type ToolCardPlugin = (registry: SlotRegistry) => Disposer;
