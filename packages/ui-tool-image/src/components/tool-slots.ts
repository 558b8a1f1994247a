import type { ImageCardImage, ToolCallNode, ToolRowModel } from '../model';
import type { KeyedSlotSpec, SlotSpec } from '../slots';
import type { LoadImage } from './load-image';
import type { MessagePart, MessageRole } from '../model';

/** What the render site of `tool.call.toolview` hands the toolview registered for the call's tool name. */
export interface ToolViewOwnerProps {
  readonly node: ToolCallNode;
  readonly row: ToolRowModel;
  readonly loadImage: LoadImage;
}

/** What an image card hands the entry that fills `tool.call.images` (a gallery). */
export interface ImagesOwnerProps {
  readonly images: readonly ImageCardImage[];
  readonly loadImage: LoadImage;
  readonly align: 'start' | 'end';
}

/** What every call's row hands the entry that fills `tool.call.actions` (an app's own controls for that call). */
export interface CallActionsOwnerProps {
  readonly node: ToolCallNode;
  readonly row: ToolRowModel;
}

/** What the lightbox hands the entry that fills `lightbox.image.actions` (an app's own controls for the image shown). */
export interface ImageActionsOwnerProps {
  readonly image: ImageCardImage;
  /** The call whose result holds the image; `undefined` for an image of a message or of a gallery outside any row. */
  readonly callId: string | undefined;
  /** The image's place among its call's images, from 0. */
  readonly index: number;
}

/** What a replay hands the entry that fills `conversation.message` (the message view). */
export interface MessageOwnerProps {
  readonly role: MessageRole;
  readonly parts: readonly MessagePart[];
  readonly loadImage: LoadImage;
}

declare module '../slots' {
  interface SlotMap {
    /** Keyed by tool name; a call whose tool has no toolview shows the generic row. */
    'tool.call.toolview': KeyedSlotSpec<ToolViewOwnerProps>;
    /** A child slot: declared by the `read_image` toolview, rendered only inside its card. */
    'tool.call.images': SlotSpec<ImagesOwnerProps>;
    /** One conversation message of a replay; a crash or an empty slot shows it as plain text. */
    'conversation.message': SlotSpec<MessageOwnerProps>;
    /** A child slot: declared by the message view, rendered for each run of images in a message. */
    'conversation.message.images': SlotSpec<ImagesOwnerProps>;
    /** In every call's row header, after its own controls; empty unless an app fills it. */
    'tool.call.actions': SlotSpec<CallActionsOwnerProps>;
    /** In the lightbox's toolbar, before Close; empty unless an app fills it. */
    'lightbox.image.actions': SlotSpec<ImageActionsOwnerProps>;
  }
}
