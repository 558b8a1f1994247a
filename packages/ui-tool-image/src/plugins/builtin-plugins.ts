import { declareActionSlots } from './action-slots';
import { registerAttachmentPresentation } from './attachment-presentation';
import { declareMessageSlot, registerMessageView } from './message-view';
import { registerReadImageToolview } from './read-image-toolview';
import { registerReadToolview } from './read-toolview';
import type { ToolCardPlugin } from './tool-card-plugin';
import { declareToolviewSlot } from './toolview-slot';

/** What every `ToolCardProvider` sets up, in order: the slots first, then the views that fill them, then the gallery. */
export const BUILTIN_PLUGINS: readonly ToolCardPlugin[] = [
  declareToolviewSlot,
  declareMessageSlot,
  declareActionSlots,
  registerReadImageToolview,
  registerReadToolview,
  registerMessageView,
  registerAttachmentPresentation,
];
