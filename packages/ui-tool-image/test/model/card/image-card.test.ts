import { describe, expect, it } from 'vitest';
import {
  explainImageCard,
  IMAGE_CARD_DECLINE_REASONS,
  imageCardModel,
  type ImageCardDeclineReason,
  type ToolCallNode,
  type ToolResult,
} from '../../../src/model';
import {
  CWD,
  dispatchEvents,
  envelopeText,
  HOME,
  IMAGE_CONTENT,
  onlyRoot,
  RED_PNG_REF,
  toolCallEvent,
  UNNAMED_RED_PNG_REF,
  validReadImageNode,
} from '../builders';

const OPTIONS = { cwd: CWD, home: HOME };

function settledResult(node: ToolCallNode): ToolResult {
  if (node.result === undefined) throw new Error('baseline node must be settled');
  return node.result;
}

function withResult(patch: Partial<ToolResult>): ToolCallNode {
  const node = validReadImageNode();
  return { ...node, status: 'settled', result: { ...settledResult(node), ...patch } };
}

function withoutMeta(): ToolCallNode {
  const node = validReadImageNode();
  const { content, isError, outcome } = settledResult(node);
  return { ...node, status: 'settled', result: { content, isError, outcome } };
}

function withContent(content: readonly unknown[]): ToolCallNode {
  return withResult({ content });
}

function withAttachment(patch: Record<string, unknown>): ToolCallNode {
  return withContent([IMAGE_CONTENT[0], { type: 'image', attachment: { ...RED_PNG_REF, ...patch } }]);
}

function withoutAttachmentKey(key: keyof typeof RED_PNG_REF): ToolCallNode {
  const attachment = Object.fromEntries(Object.entries(RED_PNG_REF).filter(([name]) => name !== key));
  return withContent([IMAGE_CONTENT[0], { type: 'image', attachment }]);
}

function runningNode(): ToolCallNode {
  const { callId, kind, name, argsRaw, children, firstEventIndex } = validReadImageNode();
  return { callId, kind, name, argsRaw, status: 'running', children, firstEventIndex };
}

/** The nested baseline: a read_image dispatched from run_code, which records no meta. */
function validNestedNode(): ToolCallNode {
  const ids = { rootCallId: 'outer', parentCallId: 'outer', subCallId: 'outer:1' };
  const root = onlyRoot([toolCallEvent('outer', 'run_code', '{}'), ...dispatchEvents('ptc', ids, 'read_image', { file_path: 'red.png' }, IMAGE_CONTENT)]);
  const [child] = root.children;
  if (child === undefined) throw new Error('nested baseline missing');
  return child;
}

const declineCases: readonly (readonly [string, ImageCardDeclineReason, () => ToolCallNode])[] = [
  ['running call', 'not-settled', runningNode],
  ['error result', 'error-result', () => withResult({ isError: true, outcome: 'error' })],
  ['interrupted result', 'stopped-result', () => withResult({ outcome: 'stopped', error: { code: 'interrupted' } })],
  ['argsRaw not JSON', 'invalid-call-head', () => ({ ...validReadImageNode(), argsRaw: '{"file_path":' })],
  ['argsRaw a JSON array', 'invalid-call-head', () => ({ ...validReadImageNode(), argsRaw: '["red.png"]' })],
  ['no call head (result without call)', 'invalid-call-head', () => ({ ...validReadImageNode(), name: null, argsRaw: null })],
  ['another tool', 'not-read-image', () => ({ ...validReadImageNode(), name: 'read' })],
  ['file_path missing', 'invalid-file-path', () => ({ ...validReadImageNode(), argsRaw: '{}' })],
  ['file_path blank', 'invalid-file-path', () => ({ ...validReadImageNode(), argsRaw: '{"file_path":"  "}' })],
  ['file_path not a string', 'invalid-file-path', () => ({ ...validReadImageNode(), argsRaw: '{"file_path":["red.png"]}' })],
  ['meta null', 'invalid-meta', () => withResult({ meta: null })],
  ['meta.path missing', 'invalid-meta', () => withResult({ meta: {} })],
  ['meta.path blank', 'invalid-meta', () => withResult({ meta: { path: '' } })],
  ['meta.path not a string', 'invalid-meta', () => withResult({ meta: { path: 7 } })],
  ['a tool-call block in the content', 'unsupported-block', () => withContent([...IMAGE_CONTENT, { type: 'tool-call', id: 'x' }])],
  ['a text block whose text is not a string', 'unsupported-block', () => withContent([...IMAGE_CONTENT, { type: 'text', text: 1 }])],
  ['a non-object content entry', 'unsupported-block', () => withContent([...IMAGE_CONTENT, 'loose text'])],
  ['image without attachment', 'invalid-image-reference', () => withContent([IMAGE_CONTENT[0], { type: 'image' }])],
  ['attachmentId missing', 'invalid-image-reference', () => withoutAttachmentKey('attachmentId')],
  ['attachmentId empty', 'invalid-image-reference', () => withAttachment({ attachmentId: '' })],
  ['attachmentId not a string', 'invalid-image-reference', () => withAttachment({ attachmentId: 42 })],
  ['media type svg', 'invalid-image-reference', () => withAttachment({ mediaType: 'image/svg+xml' })],
  ['media type missing', 'invalid-image-reference', () => withoutAttachmentKey('mediaType')],
  ['bytes zero', 'invalid-image-reference', () => withAttachment({ bytes: 0 })],
  ['width fractional', 'invalid-image-reference', () => withAttachment({ width: 1.5 })],
  ['height negative', 'invalid-image-reference', () => withAttachment({ height: -1 })],
  ['height a numeric string', 'invalid-image-reference', () => withAttachment({ height: '1' })],
  ['name not a string', 'invalid-image-reference', () => withAttachment({ name: 5 })],
  ['originalDimensions not an object', 'invalid-image-reference', () => withAttachment({ originalDimensions: 'big' })],
  ['originalDimensions width zero', 'invalid-image-reference', () => withAttachment({ originalDimensions: { width: 0, height: 2 } })],
  ['no image block', 'no-image-block', () => withContent([IMAGE_CONTENT[0]])],
  ['no envelope', 'no-envelope', () => withContent([IMAGE_CONTENT[1]])],
  ['envelope with a trailing newline', 'no-envelope', () => withContent([{ type: 'text', text: `${envelopeText()}\n` }, IMAGE_CONTENT[1]])],
];

describe('explainImageCard: every decline reason, against a valid baseline', () => {
  it('the baselines (top-level with meta, nested without) yield a card', () => {
    expect(explainImageCard(validReadImageNode(), OPTIONS)).toEqual({
      card: { label: 'red.png', images: [{ attachment: RED_PNG_REF }], text: envelopeText() },
      labelFrom: 'meta',
    });
    expect(explainImageCard(validNestedNode(), OPTIONS)).toEqual({
      card: { label: 'red.png', images: [{ attachment: RED_PNG_REF }], text: envelopeText() },
      labelFrom: 'argument',
    });
  });

  it('a top-level call recorded with no meta at all (a log from before presentationMeta) labels from its file_path argument', () => {
    const legacy = withoutMeta();
    expect(explainImageCard({ ...legacy, argsRaw: JSON.stringify({ file_path: `${HOME}/shots/b.png` }) }, OPTIONS)).toEqual({
      card: { label: '~/shots/b.png', images: [{ attachment: RED_PNG_REF }], text: envelopeText() },
      labelFrom: 'argument',
    });
  });

  it.each(declineCases)('%s → %s', (_case, reason, broken) => {
    expect(explainImageCard(broken(), OPTIONS)).toEqual({ declined: reason });
    expect(imageCardModel(broken(), OPTIONS)).toBeNull();
  });

  it('the table covers every exported reason', () => {
    expect(new Set(declineCases.map(([, reason]) => reason))).toEqual(new Set(IMAGE_CARD_DECLINE_REASONS));
  });

  it('meta present but malformed still declines, never falling back to the argument', () => {
    for (const meta of [null, {}, { path: '' }, { path: 7 }, 'red.png']) {
      expect(explainImageCard(withResult({ meta }), OPTIONS)).toEqual({ declined: 'invalid-meta' });
    }
  });

  it('a nested call with malformed meta declines too (meta, when present, must be valid)', () => {
    const nested = validNestedNode();
    expect(explainImageCard({ ...nested, status: 'settled', result: { ...settledResult(nested), meta: { path: 3 } } })).toEqual({ declined: 'invalid-meta' });
  });
});

describe('imageCardModel: the card', () => {
  it('labels from meta.path, shown relative to cwd', () => {
    expect(imageCardModel(withResult({ meta: { path: `${CWD}/shots/a.png` } }), OPTIONS)?.label).toBe('shots/a.png');
  });

  it('labels `~` for a path in home but outside cwd, and leaves other paths alone', () => {
    expect(imageCardModel(withResult({ meta: { path: `${HOME}/Desktop/a.png` } }), OPTIONS)?.label).toBe('~/Desktop/a.png');
    expect(imageCardModel(withResult({ meta: { path: '/tmp/a.png' } }), OPTIONS)?.label).toBe('/tmp/a.png');
    expect(imageCardModel(withResult({ meta: { path: 'C:\\shots\\a.png' } }), OPTIONS)?.label).toBe('C:\\shots\\a.png');
  });

  it('uses meta.path, not the envelope’s path and not file_path, for a top-level call', () => {
    const node = withContent([{ type: 'text', text: envelopeText('/elsewhere/b.png') }, IMAGE_CONTENT[1]]);
    expect(imageCardModel({ ...node, argsRaw: '{"file_path":"c.png"}' }, OPTIONS)?.label).toBe('red.png');
  });

  it('labels a nested call from its own file_path', () => {
    const nested = validNestedNode();
    expect(imageCardModel({ ...nested, argsRaw: JSON.stringify({ file_path: `${HOME}/b.png` }) }, OPTIONS)?.label).toBe('~/b.png');
  });

  it('accepts opaque attachment ids from other stores', () => {
    for (const attachmentId of ['b3:9f2c', 'opaque-token', ' ']) {
      expect(imageCardModel(withAttachment({ attachmentId }), OPTIONS)?.images[0]?.attachment.attachmentId).toBe(attachmentId);
    }
  });

  it('recognises downscaled envelopes in both forms', () => {
    const uniform =
      'image/png image, 2048x1024 px, 4000 bytes (downscaled from 4096x2048 px; multiply coordinates by 2.00 to locate features in the original file)';
    const perAxis =
      'image/jpeg image, 2048x1365 px, 4000 bytes (downscaled from 4000x2667 px; multiply x coordinates by 1.95 and y coordinates by 1.95 to locate features in the original file)';
    for (const facts of [uniform, perAxis]) {
      expect(imageCardModel(withContent([{ type: 'text', text: envelopeText(`${CWD}/a.png`, facts) }, IMAGE_CONTENT[1]]), OPTIONS)).not.toBeNull();
    }
  });

  it('finds the envelope among several text blocks and shows all of them, joined by newlines', () => {
    const node = withContent([{ type: 'text', text: 'prepended by a hook' }, ...IMAGE_CONTENT, { type: 'text', text: 'after' }]);
    expect(imageCardModel(node, OPTIONS)?.text).toBe(`prepended by a hook\n${envelopeText()}\nafter`);
  });

  it('keeps several images in order', () => {
    const second = { ...RED_PNG_REF, attachmentId: 'sha256:2' };
    const node = withContent([...IMAGE_CONTENT, { type: 'image', attachment: second }]);
    expect(imageCardModel(node, OPTIONS)?.images.map((image) => image.attachment.attachmentId)).toEqual([RED_PNG_REF.attachmentId, 'sha256:2']);
  });

  it('rebuilds the reference from its known keys only; optional keys are omitted, never undefined', () => {
    const node = withContent([
      IMAGE_CONTENT[0],
      { type: 'image', attachment: { ...UNNAMED_RED_PNG_REF, originalDimensions: { width: 4, height: 4 }, secret: 'x' } },
    ]);
    const card = imageCardModel(node, OPTIONS);
    const attachment = card?.images[0]?.attachment;
    // Unnamed, the card's one image is called by the card's path (see the next test).
    expect(attachment).toEqual({ ...UNNAMED_RED_PNG_REF, originalDimensions: { width: 4, height: 4 }, name: card?.label });
    expect(Object.keys(attachment ?? {})).toEqual(['attachmentId', 'mediaType', 'bytes', 'width', 'height', 'originalDimensions', 'name']);
  });

  it('calls a lone unnamed image by the card path, so the lightbox says what the card says; a name of its own, or several images, stay as they are', () => {
    const unnamed = { type: 'image', attachment: UNNAMED_RED_PNG_REF };
    const lone = imageCardModel(withContent([IMAGE_CONTENT[0], unnamed]), OPTIONS);
    expect(lone?.images.map((image) => image.attachment.name)).toEqual([lone?.label]);
    expect(imageCardModel(withContent([IMAGE_CONTENT[0], IMAGE_CONTENT[1]]), OPTIONS)?.images[0]?.attachment.name).toBe(RED_PNG_REF.name);
    const several = imageCardModel(
      withContent([IMAGE_CONTENT[0], unnamed, { ...unnamed, attachment: { ...UNNAMED_RED_PNG_REF, attachmentId: 'sha256:2' } }]),
      OPTIONS,
    );
    expect(several?.images.map((image) => image.attachment.name)).toEqual([undefined, undefined]);
  });

  it('passes hostile strings through as plain data', () => {
    const hostile = '<script>alert(1)</script>javascript:alert(1)\uD800';
    const node = withContent([
      { type: 'text', text: hostile },
      IMAGE_CONTENT[0],
      { type: 'image', attachment: { ...RED_PNG_REF, name: hostile, attachmentId: hostile } },
    ]);
    const card = imageCardModel({ ...node, status: 'settled', result: { ...settledResult(node), meta: { path: `${CWD}/${hostile}` } } }, OPTIONS);
    expect(card?.label).toBe(hostile);
    expect(card?.text.startsWith(hostile)).toBe(true);
    expect(card?.images[0]?.attachment).toMatchObject({ name: hostile, attachmentId: hostile });
  });
});

describe('explainImageCard: memoisation', () => {
  it('returns the identical object for the same node and equal option values', () => {
    const node = validReadImageNode();
    const first = explainImageCard(node, { cwd: CWD, home: HOME });
    expect(explainImageCard(node, { home: HOME, cwd: CWD })).toBe(first);
    expect(imageCardModel(node, { cwd: CWD, home: HOME })).toBe(imageCardModel(node, { cwd: CWD, home: HOME }));
    expect(explainImageCard(node)).toBe(explainImageCard(node, {}));
  });

  it('recomputes for other option values or another node', () => {
    const node = validReadImageNode();
    const relative = imageCardModel(node, { cwd: CWD });
    const absolute = imageCardModel(node, { cwd: '/srv' });
    expect(relative?.label).toBe('red.png');
    expect(absolute?.label).toBe(`${CWD}/red.png`);
    expect(imageCardModel({ ...node }, { cwd: CWD })).not.toBe(relative);
  });

  it('does not confuse a cwd with a home of the same value', () => {
    const node = withResult({ meta: { path: `${HOME}/a.png` } });
    expect(imageCardModel(node, { cwd: HOME })?.label).toBe('a.png');
    expect(imageCardModel(node, { home: HOME })?.label).toBe('~/a.png');
  });
});
