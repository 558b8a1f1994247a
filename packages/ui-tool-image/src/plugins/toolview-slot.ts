import type { ToolCardPlugin } from './tool-card-plugin';

/** Declares `tool.call.toolview`, the keyed seat every tool's row is rendered from. */
export const declareToolviewSlot: ToolCardPlugin = (registry) => registry.declare('tool.call.toolview', { owner: 'toolcard', kind: 'keyed' });
