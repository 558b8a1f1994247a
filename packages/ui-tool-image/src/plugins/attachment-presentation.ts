import { ImageGallery } from '../components';
import type { ToolCardPlugin } from './tool-card-plugin';

/**
 * Below the default priority (0), so a gallery an embedder registers without naming a priority
 * replaces the built-in one instead of colliding with it.
 */
const BUILTIN_GALLERY_PRIORITY = -1;

/**
 * Fills `tool.call.images` with the gallery. The slot is declared by the `read_image` toolview, so
 * this waits for that declaration (and registers again whenever the slot is declared anew).
 */
export const registerAttachmentPresentation: ToolCardPlugin = (registry) =>
  registry.inject('tool.call.images', (declared) =>
    declared.register('tool.call.images', {
      owner: 'attachment-presentation',
      priority: BUILTIN_GALLERY_PRIORITY,
      component: ImageGallery,
    }),
  );
