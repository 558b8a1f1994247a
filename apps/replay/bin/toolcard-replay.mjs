#!/usr/bin/env node
// The package bin: Node 20 cannot run TypeScript itself, so tsx's loader runs the CLI source, and
// the workspace packages resolve to their sources (registered last, so it runs before tsx's resolver).
import { register as registerModuleHooks } from 'node:module';
import { register } from 'tsx/esm/api';

register();
registerModuleHooks('./source-condition-hooks.mjs', import.meta.url);
await import('../src/cli/main.ts');
