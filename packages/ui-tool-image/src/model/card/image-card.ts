import { callArguments, filePathArgument, nonBlankArgument } from '../call-arguments';
import { viewContentBlock, type AttachmentRef } from '../content-blocks';
import { isImageEnvelope } from '../envelope';
import { isNonBlankString, isRecord, type JsonRecord } from '../narrow';
import { memoizePerNode } from '../node-memo';
import { displayPath, type PathDisplayOptions } from '../path-display';
import type { ToolCallNode, ToolResult } from '../call-tree';

/** Why a node gets no image card (it then shows as a text card). Stable codes, one per branch. */
export const IMAGE_CARD_DECLINE_REASONS = [
  'not-settled',
  'error-result',
  'stopped-result',
  'invalid-call-head',
  'not-read-image',
  'invalid-file-path',
  'invalid-meta',
  'unsupported-block',
  'invalid-image-reference',
  'no-image-block',
  'no-envelope',
] as const;

export type ImageCardDeclineReason = (typeof IMAGE_CARD_DECLINE_REASONS)[number];

export interface ImageCardImage {
  readonly attachment: AttachmentRef;
}

export interface ImageCard {
  /** The file path for display (relative to cwd, else `~`-abbreviated). */
  readonly label: string;
  readonly images: readonly ImageCardImage[];
  /** Every text block of the result joined by `\n`, shown under the gallery. */
  readonly text: string;
}

/**
 * Where a card's label came from: the recorded presentationMeta, the call's own `file_path` (or,
 * for a call from another format, `path`) argument, or — another format's tool that names no
 * file — the tool's name.
 */
export type ImageCardLabelSource = 'meta' | 'argument' | 'tool-name';

export type ImageCardExplanation = { readonly card: ImageCard; readonly labelFrom: ImageCardLabelSource } | { readonly declined: ImageCardDeclineReason };

export type ImageCardOptions = PathDisplayOptions;

function declined(reason: ImageCardDeclineReason): ImageCardExplanation {
  return { declined: reason };
}

type LabelPath = { readonly path: string; readonly from: ImageCardLabelSource } | { readonly declined: ImageCardDeclineReason };

/**
 * The path the label shows: `meta.path` when meta was recorded (it must then be valid). Without
 * any meta — a nested call, or a log written before presentationMeta existed — the call's own
 * `file_path` argument, which names the same file as the model asked for it.
 */
function labelPath(result: ToolResult, filePath: string): LabelPath {
  if (result.meta === undefined) return { path: filePath, from: 'argument' };
  const metaPath = isRecord(result.meta) ? result.meta.path : undefined;
  return isNonBlankString(metaPath) ? { path: metaPath, from: 'meta' } : { declined: 'invalid-meta' };
}

/**
 * A call from another format (DESIGN §7) is any tool whose result carries images, with no
 * envelope: its label is the meta path when sent, else a `file_path`/`path` argument, else the
 * tool's name.
 */
function foreignLabel(result: ToolResult, name: string, args: JsonRecord): LabelPath {
  const argument = filePathArgument(args) ?? nonBlankArgument(args, 'path');
  if (argument === null && result.meta === undefined) return { path: name, from: 'tool-name' };
  return labelPath(result, argument ?? name);
}

function explain(node: ToolCallNode, options: ImageCardOptions): ImageCardExplanation {
  const { result } = node;
  if (node.status !== 'settled' || result === undefined) return declined('not-settled');
  if (result.outcome === 'error') return declined('error-result');
  if (result.outcome === 'stopped') return declined('stopped-result');

  const args = callArguments(node);
  if (node.name === null || args === null) return declined('invalid-call-head');
  const foreign = node.origin !== undefined;
  let label: LabelPath;
  if (foreign) {
    label = foreignLabel(result, node.name, args);
  } else {
    if (node.name !== 'read_image') return declined('not-read-image');
    const filePath = filePathArgument(args);
    if (filePath === null) return declined('invalid-file-path');
    label = labelPath(result, filePath);
  }
  if ('declined' in label) return label;

  const texts: string[] = [];
  const images: ImageCardImage[] = [];
  for (const block of result.content) {
    const view = viewContentBlock(block);
    if (view.kind === 'other') return declined('unsupported-block');
    if (view.kind === 'invalid-image') return declined('invalid-image-reference');
    if (view.kind === 'text') texts.push(view.text);
    else images.push({ attachment: view.attachment });
  }
  if (images.length === 0) return declined('no-image-block');
  if (!foreign && !texts.some(isImageEnvelope)) return declined('no-envelope');

  const shown = label.from === 'tool-name' ? label.path : displayPath(label.path, options);
  return {
    card: { label: shown, images: namedAfterPath(images, label.from === 'tool-name' ? undefined : shown), text: texts.join('\n') },
    labelFrom: label.from,
  };
}

/**
 * A card's one image that carries no name of its own (an MCP or other agent's result) is called
 * by the card's path, so the thumbnail, the lightbox and its download say what the card says.
 */
function namedAfterPath(images: ImageCardImage[], path: string | undefined): ImageCardImage[] {
  const [only] = images;
  if (path === undefined || images.length !== 1 || only === undefined || (only.attachment.name ?? '').trim() !== '') return images;
  return [{ attachment: { ...only.attachment, name: path } }];
}

/** The image card for a node, or the reason it has none. Memoised per node and option values. */
export const explainImageCard: (node: ToolCallNode, options?: ImageCardOptions) => ImageCardExplanation = memoizePerNode(explain);

/** The image card for a node, or `null` exactly when `explainImageCard` declines. */
export function imageCardModel(node: ToolCallNode, options?: ImageCardOptions): ImageCard | null {
  const explanation = explainImageCard(node, options);
  return 'card' in explanation ? explanation.card : null;
}
