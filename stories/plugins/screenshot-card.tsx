import { callImages, ImageGallery, InOutBody, ToolRow, type ToolCallNode, type ToolCardPlugin, type ToolViewOwnerProps } from '@toolcard/ui-tool-image';
import type { ReactNode } from 'react';

/** The page the app's `screenshot` tool was asked to capture: its `url` argument. */
function pageOf({ argsRaw }: ToolCallNode): string | undefined {
  try {
    const { url } = JSON.parse(argsRaw ?? '') as { url?: unknown };
    return typeof url === 'string' ? url : undefined;
  } catch {
    return undefined; // The arguments are still streaming: not JSON yet.
  }
}

/** The app's card for its `screenshot` tool: the row, the page, the images in a gallery that opens the lightbox. */
export function ScreenshotCard({ node, row, loadImage }: ToolViewOwnerProps): ReactNode {
  const images = callImages(node);
  return (
    <ToolRow node={node} row={row} autoExpand={images.length > 0}>
      {images.length === 0 ? (
        <InOutBody node={node} row={row} />
      ) : (
        <>
          <p>{pageOf(node)}</p>
          <ImageGallery images={images} loadImage={loadImage} align="start" />
        </>
      )}
    </ToolRow>
  );
}

export const screenshotCard: ToolCardPlugin = (registry) =>
  registry.register('tool.call.toolview', { owner: 'my-app', key: 'screenshot', component: ScreenshotCard });
