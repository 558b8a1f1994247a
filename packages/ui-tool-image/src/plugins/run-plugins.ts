import type { SlotRegistry } from '../slots';
import { allOrNothing } from '../slots/registry-transaction';
import { pluginErrorReport, type PluginErrorReport } from './plugin-error-report';
import type { ToolCardPlugin } from './tool-card-plugin';

/**
 * Runs the plugins in order, each all or nothing: one that throws (a broken registry rule, a bug
 * of its own) has what it set up undone and is skipped, and the rest still run. Returns the failures.
 */
export function runPlugins(registry: SlotRegistry, plugins: readonly ToolCardPlugin[]): PluginErrorReport[] {
  return plugins.flatMap((plugin, index) => {
    try {
      allOrNothing(registry, plugin);
      return [];
    } catch (error) {
      return [pluginErrorReport(plugin.name === '' ? `plugins[${index}]` : plugin.name, error)];
    }
  });
}
