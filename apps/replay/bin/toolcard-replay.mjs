#!/usr/bin/env node
// The package bin: Node 20 cannot run TypeScript itself, so tsx's loader runs the CLI source.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
