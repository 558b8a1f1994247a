import type { ImageCardImage } from '../card/image-card';
import type { ToolCallNode } from '../call-tree';
import type { ConversationItem } from '../conversation';

/** A message of a replay (a user pasting a screenshot, an API message array's image parts). */
export type MessageItem = Extract<ConversationItem, { readonly kind: 'message' }>;

/** An image a call's result returned, and where it sits among that call's images. */
export interface CallSessionImage extends ImageCardImage {
  readonly kind: 'call';
  /** The call (top-level or nested) whose result holds the image. */
  readonly node: ToolCallNode;
  /** The image's place among its call's images, from 0: an `OpenImage`'s `index`. */
  readonly indexInCall: number;
}

/** An image a message holds, and where it sits among that message's images. */
export interface MessageSessionImage extends ImageCardImage {
  readonly kind: 'message';
  readonly message: MessageItem;
  /** The image's place among its message's images, from 0. */
  readonly indexInMessage: number;
}

/** One image of a session: a call's or a message's. */
export type SessionImage = CallSessionImage | MessageSessionImage;

/** Which image of a session, by what holds it: a call (by call id) or a message (by its key). */
export type SessionImagePlace =
  { readonly kind: 'call'; readonly callId: string; readonly index: number } | { readonly kind: 'message'; readonly key: string; readonly index: number };

/** Every image of a session in the order the replay's rows show them. */
export interface SessionImages {
  readonly images: readonly SessionImage[];
  /** The place in `images` of the image at `place`; -1 when the session holds no such image. */
  readonly positionOf: (place: SessionImagePlace) => number;
}

/** A call's images, in order (the UI's `callImages`: the model does not decide which result blocks are images). */
export type ImagesOfCall = (node: ToolCallNode) => readonly ImageCardImage[];

const NO_SESSION_IMAGES: readonly SessionImage[] = [];

/**
 * Collects the images of a replay's items as the replay grows. The replay keeps every item it did
 * not change as the same object, so a collect walks the items comparing identities only and
 * gathers images again from the first changed item on; each call's images are kept per node and each
 * message's per message, so an item that did not change keeps its `SessionImage` objects. Appending
 * to a log costs the appended items' images plus a walk as long as the one the replay builder makes copying its items.
 */
export class SessionImageCollector {
  private readonly ofNode = new WeakMap<ToolCallNode, readonly SessionImage[]>();
  private readonly ofMessage = new WeakMap<MessageItem, readonly SessionImage[]>();
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
      else if (item?.kind === 'message') images.push(...this.imagesOfMessage(item));
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
      const own = this.imagesOf(node).map((image, indexInCall): SessionImage => ({ ...image, kind: 'call', node, indexInCall }));
      images = node.children.length === 0 ? own : [...own, ...node.children.flatMap((child) => this.imagesOfTree(child))];
      this.ofNode.set(node, images);
    }
    return images;
  }

  /** A message's images, its runs of images in block order. */
  private imagesOfMessage(message: MessageItem): readonly SessionImage[] {
    let images = this.ofMessage.get(message);
    if (images === undefined) {
      images = message.parts
        .flatMap((part) => (part.kind === 'images' ? part.images : []))
        .map((image, indexInMessage): SessionImage => ({ ...image, kind: 'message', message, indexInMessage }));
      this.ofMessage.set(message, images);
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

/** What holds an image, as `positionOf` finds its first image. */
function holderKey(place: SessionImagePlace): string {
  return place.kind === 'call' ? `call:${place.callId}` : `message:${place.key}`;
}

/** Where `image` is, by what holds it. */
export function placeOfImage(image: SessionImage): SessionImagePlace {
  return image.kind === 'call'
    ? { kind: 'call', callId: image.node.callId, index: image.indexInCall }
    : { kind: 'message', key: image.message.key, index: image.indexInMessage };
}

function sessionImages(images: readonly SessionImage[]): SessionImages {
  // Built on first use: only an open lightbox asks, and a growing session makes many snapshots.
  let firstOfHolder: Map<string, number> | null = null;
  return {
    images,
    positionOf: (place) => {
      if (firstOfHolder === null) {
        firstOfHolder = new Map();
        for (const [position, image] of images.entries()) {
          const key = holderKey(placeOfImage(image));
          if (!firstOfHolder.has(key)) firstOfHolder.set(key, position);
        }
      }
      const key = holderKey(place);
      const first = firstOfHolder.get(key);
      if (first === undefined || place.index < 0) return -1;
      const position = first + place.index;
      const found = images[position];
      return found !== undefined && holderKey(placeOfImage(found)) === key ? position : -1;
    },
  };
}
