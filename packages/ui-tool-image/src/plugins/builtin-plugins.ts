import { registerAttachmentPresentation } from './attachment-presentation';
import { registerReadImageToolview } from './read-image-toolview';
import { registerReadToolview } from './read-toolview';
import type { ToolCardPlugin } from './tool-card-plugin';
import { declareToolviewSlot } from './toolview-slot';

/** What every `ToolCardProvider` sets up, in order: the slot first, then the rows that fill it, then the gallery. */
export const BUILTIN_PLUGINS: readonly ToolCardPlugin[] = [
  declareToolviewSlot,
  registerReadImageToolview,
  registerReadToolview,
  registerAttachmentPresentation,
];
