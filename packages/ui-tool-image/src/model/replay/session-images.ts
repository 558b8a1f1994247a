import type { ImageCardImage } from '../card/image-card';
import type { ToolCallNode } from '../call-tree';
import type { ConversationItem } from '../conversation';

/** One image of a session: an image its call's result returned, and where it sits among that call's images. */
export interface SessionImage extends ImageCardImage {
  /** The call (top-level or nested) whose result holds the image. */
  readonly node: ToolCallNode;
  /** The image's place among its call's images, from 0: an `OpenImage`'s `index`. */
  readonly indexInCall: number;
}

/** Every image of a session in the order the replay's rows show them. */
export interface SessionImages {
  readonly images: readonly SessionImage[];
  /** The place in `images` of image `indexInCall` of call `callId`; -1 when the session holds no such image. */
  readonly positionOf: (callId: string, indexInCall: number) => number;
}

/** A call's images, in order (the UI's `callImages`: the model does not decide which result blocks are images). */
export type ImagesOfCall = (node: ToolCallNode) => readonly ImageCardImage[];

const NO_SESSION_IMAGES: readonly SessionImage[] = [];

/**
 * Collects the images of a replay's items as the replay grows. The replay keeps every item it did
 * not change as the same object, so a collect walks the items comparing identities only and
 * gathers images again from the first changed item on; each call's images are kept per node, so a
 * call that did not change keeps its `SessionImage` objects. Appending to a log costs the appended
 * calls' images plus a walk as long as the one the replay builder makes copying its items.
 */
export class SessionImageCollector {
  private readonly ofNode = new WeakMap<ToolCallNode, readonly SessionImage[]>();
  private items: readonly ConversationItem[] = [];
  /** Where each item's images begin in `last.images`, one entry per item of `items`. */
  private starts: number[] = [];
  private last: SessionImages = sessionImages(NO_SESSION_IMAGES);

  constructor(private readonly imagesOf: ImagesOfCall) {}

  /** The images of `items` (a replay's items, possibly extending the last ones given). */
  collect(items: readonly ConversationItem[]): SessionImages {
    if (items === this.items) return this.last;
    const firstChanged = firstDifference(this.items, items);
    const kept = firstChanged < this.items.length ? (this.starts[firstChanged] ?? 0) : this.last.images.length;
    const images = this.last.images.slice(0, kept);
    const starts = this.starts.slice(0, firstChanged);
    for (let index = firstChanged; index < items.length; index += 1) {
      starts.push(images.length);
      const item = items[index];
      if (item?.kind === 'call') images.push(...this.imagesOfTree(item.node));
    }
    this.items = items;
    this.starts = starts;
    // Only items without images changed or came: the same snapshot, so nothing downstream renders again.
    if (kept === this.last.images.length && images.length === kept) return this.last;
    this.last = sessionImages(images);
    return this.last;
  }

  /** A call's images, then its nested calls' in order: the order its row shows them. */
  private imagesOfTree(node: ToolCallNode): readonly SessionImage[] {
    let images = this.ofNode.get(node);
    if (images === undefined) {
      const own = this.imagesOf(node).map((image, indexInCall) => ({ ...image, node, indexInCall }));
      images = node.children.length === 0 ? own : [...own, ...node.children.flatMap((child) => this.imagesOfTree(child))];
      this.ofNode.set(node, images);
    }
    return images;
  }
}

/** The first index where `next` holds another item than `previous` (its length when it only extends it). */
function firstDifference(previous: readonly ConversationItem[], next: readonly ConversationItem[]): number {
  const common = Math.min(previous.length, next.length);
  for (let index = 0; index < common; index += 1) if (previous[index] !== next[index]) return index;
  return common;
}

function sessionImages(images: readonly SessionImage[]): SessionImages {
  // Built on first use: only an open lightbox asks, and a growing session makes many snapshots.
  let firstOfCall: Map<string, number> | null = null;
  return {
    images,
    positionOf: (callId, indexInCall) => {
      if (firstOfCall === null) {
        firstOfCall = new Map();
        for (const [position, image] of images.entries()) if (!firstOfCall.has(image.node.callId)) firstOfCall.set(image.node.callId, position);
      }
      const first = firstOfCall.get(callId);
      if (first === undefined) return -1;
      const position = first + indexInCall;
      return images[position]?.node.callId === callId && indexInCall >= 0 ? position : -1;
    },
  };
}
