import { ReadFamilyRow } from '../components';
import { BUILTIN_PRIORITY } from './builtin-priority';
import type { ToolCardPlugin } from './tool-card-plugin';

/**
 * The `read_image` row. It declares `tool.call.images` as its own child slot (a slot has exactly
 * one declarer), so only this row renders the gallery; a gallery plugin fills the slot.
 */
export const registerReadImageToolview: ToolCardPlugin = (registry) =>
  registry.register('tool.call.toolview', {
    owner: 'read-image-toolview',
    key: 'read_image',
    priority: BUILTIN_PRIORITY,
    component: ReadFamilyRow,
    declares: ['tool.call.images'],
  });
