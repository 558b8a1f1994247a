import { useEffect, useState } from 'react';
import { createSlotRegistry, type SlotRegistry } from '../slots';
import { BUILTIN_PLUGINS } from './builtin-plugins';
import type { PluginErrorReport, ToolCardErrorReport } from './plugin-error-report';
import { runPlugins } from './run-plugins';
import type { ToolCardPlugin } from './tool-card-plugin';

type OnToolCardError = (report: ToolCardErrorReport) => void;

interface ToolCardSetUp {
  readonly registry: SlotRegistry;
  /** Emptied when delivered, so StrictMode's second effect run delivers nothing again. */
  readonly failures: PluginErrorReport[];
  readonly onError: OnToolCardError | undefined;
}

/**
 * A provider's slot registry with the built-in plugins, then the app's, set up once per provider
 * instance; both arguments are read then, never again. StrictMode calls a state initializer twice
 * and keeps the first result, so the initializer only prepares the set-up and the render runs it:
 * the discarded twin runs no plugin. Plugin failures reach `onError` once the provider has
 * mounted, as an app's handler may set state, which it must not do while the provider renders.
 */
export function useToolCardRegistry(plugins: readonly ToolCardPlugin[], onError: OnToolCardError | undefined): SlotRegistry {
  const [setUpOnce] = useState(() =>
    lazily((): ToolCardSetUp => {
      const registry = createSlotRegistry({ onError });
      return { registry, failures: [...runPlugins(registry, BUILTIN_PLUGINS), ...runPlugins(registry, plugins)], onError };
    }),
  );
  const setUp = setUpOnce();
  useEffect(() => {
    for (const failure of setUp.failures.splice(0)) setUp.onError?.(failure);
  }, [setUp]);
  return setUp.registry;
}

function lazily<Value>(create: () => Value): () => Value {
  let created: { readonly value: Value } | undefined;
  return () => (created ??= { value: create() }).value;
}
