import { ImageGallery } from '../components';
import { BUILTIN_PRIORITY } from './builtin-priority';
import type { ToolCardPlugin } from './tool-card-plugin';

/** The slots whose images this plugin shows: an image card's and a message's, with the same gallery. */
const IMAGE_SLOTS = ['tool.call.images', 'conversation.message.images'] as const;

/**
 * Fills the image slots with the gallery. Each is declared by the view that owns it (the
 * `read_image` toolview, the message view), so this waits for that declaration (and registers
 * again whenever the slot is declared anew).
 */
export const registerAttachmentPresentation: ToolCardPlugin = (registry) => {
  const disposers = IMAGE_SLOTS.map((slot) =>
    registry.inject(slot, (declared) => declared.register(slot, { owner: 'attachment-presentation', priority: BUILTIN_PRIORITY, component: ImageGallery })),
  );
  return () => {
    for (const dispose of disposers) dispose();
  };
};
