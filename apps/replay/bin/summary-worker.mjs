// A summary worker's entry: a worker thread does not inherit the loader hooks its parent registered
// (the bin's, or Vitest's), so it registers tsx and the workspace's source condition itself, as the bin does.
import { register as registerModuleHooks } from 'node:module';
import { register } from 'tsx/esm/api';

register();
registerModuleHooks('./source-condition-hooks.mjs', import.meta.url);
await import('../src/workbench/summary-worker.ts');
