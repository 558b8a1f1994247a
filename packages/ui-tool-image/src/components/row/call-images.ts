import { viewContentBlock, type ImageCardImage, type ToolCallNode } from '../../model';
import { memoizePerNode } from '../../model/node-memo';

const NO_IMAGES: readonly ImageCardImage[] = [];

// Per node, so a card re-rendered for the same call hands its gallery the same array (and the
// gallery keeps its layout).
const imagesOf = memoizePerNode((node: ToolCallNode): readonly ImageCardImage[] => {
  if (node.result?.outcome !== 'ok') return NO_IMAGES;
  return node.result.content.flatMap((block) => {
    const view = viewContentBlock(block);
    return view.kind === 'image' ? [{ attachment: view.attachment }] : [];
  });
});

/**
 * The images a call's successful result returned, in order, whatever the tool: what an app's own
 * card hands `ImageGallery`. None while the call runs, when it failed or was stopped (show its
 * text then), and for image blocks whose reference is malformed.
 */
export function callImages(node: ToolCallNode): readonly ImageCardImage[] {
  return imagesOf(node);
}
