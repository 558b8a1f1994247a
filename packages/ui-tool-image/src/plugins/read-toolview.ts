import { ReadFamilyRow } from '../components';
import { BUILTIN_PRIORITY } from './builtin-priority';
import type { ToolCardPlugin } from './tool-card-plugin';

/** The `read` row: the read-family assembly with its text card. */
export const registerReadToolview: ToolCardPlugin = (registry) =>
  registry.register('tool.call.toolview', { owner: 'read-toolview', key: 'read', priority: BUILTIN_PRIORITY, component: ReadFamilyRow });
