import type { ToolCardPlugin } from './tool-card-plugin';

/** The seats an app puts its own controls in: each call's row, and the image open in the lightbox. Nothing fills them here. */
const ACTION_SLOTS = ['tool.call.actions', 'lightbox.image.actions'] as const;

/**
 * Declares the action slots, so an app's plugin registers its controls into them as into any
 * slot: a crash in them shows nothing instead of breaking the row, and every row (a nested call's,
 * an app's own card built on `ToolRow`) gets them without being told.
 */
export const declareActionSlots: ToolCardPlugin = (registry) => {
  const disposers = ACTION_SLOTS.map((slot) => registry.declare(slot, { owner: 'toolcard', kind: 'single' }));
  return () => {
    for (const dispose of disposers) dispose();
  };
};
