import { SlotRuleError, type SlotErrorReport } from '../slots';

/**
 * A plugin that threw while its provider ran it: everything it had set up was undone and it was
 * skipped; the other plugins and the cards still run.
 */
export interface PluginErrorReport {
  /** The plugin's function name, else its place in the list it was given (`plugins[1]`). */
  readonly plugin: string;
  /** The slot of the registry rule the plugin broke; `undefined` when it threw an error of its own. */
  readonly slot: string | undefined;
  readonly entryKey: string | undefined;
  /** The owner its rule-breaking request named; `undefined` when it threw an error of its own. */
  readonly owner: string | undefined;
  /** A `SlotRuleError` when the plugin broke a registry rule. */
  readonly error: unknown;
}

/** What `onSlotError` is told: a slot entry crashed while rendering, or a plugin was skipped (it names the `plugin`). */
export type ToolCardErrorReport = SlotErrorReport | PluginErrorReport;

export function pluginErrorReport(plugin: string, error: unknown): PluginErrorReport {
  if (error instanceof SlotRuleError) {
    const { slot, entryKey, owner } = error;
    return { plugin, slot, entryKey, owner, error };
  }
  return { plugin, slot: undefined, entryKey: undefined, owner: undefined, error };
}
