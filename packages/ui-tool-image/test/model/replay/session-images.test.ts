import { describe, expect, it, vi } from 'vitest';
import { callImages } from '../../../src/components/row/call-images';
import { parseSessionLog, SessionLogReader } from '../../../src/model';
import type { ConversationItem } from '../../../src/model/conversation';
import { ReplayBuilder } from '../../../src/model/replay/replay-builder';
import { placeOfImage, SessionImageCollector, type SessionImage } from '../../../src/model/replay/session-images';
import { dispatchEvents, headerLine, RED_PNG_REF, toolCallEvent, toolResultEvent } from '../builders';

const line = (event: unknown): string => `${JSON.stringify(event)}\n`;
const say = (text: string) => ({ type: 'assistant/message', data: { message: { role: 'assistant', content: [{ type: 'text', text }] } } });

/** An image block named `name` (the name tells the images apart). */
const image = (name: string) => ({ type: 'image', attachment: { ...RED_PNG_REF, name } });

/** A user message: its text, then images named `names` (a pasted screenshot). */
const paste = (text: string, names: readonly string[]) => ({
  type: 'user/message',
  data: { content: [{ type: 'text', text }, ...names.map(image)], source: { kind: 'user' }, role: 'user' },
});

/** An assistant message with images, a text between them (two runs of images). */
const showImages = (first: string, second: string) => ({
  type: 'assistant/message',
  data: { message: { role: 'assistant', content: [image(first), { type: 'text', text: 'and' }, image(second)] } },
});

/** A read_image call `id` whose result returns `names` as images (none: a text result). */
function readLines(id: string, names: readonly string[]): string {
  const content = names.length === 0 ? [{ type: 'text', text: 'no image' }] : names.map(image);
  return line(toolCallEvent(id, 'read_image', JSON.stringify({ file_path: `${id}.png` }))) + line(toolResultEvent(id, content));
}

/** A run_code call `id` that dispatched a nested read_image `sub` returning `name`, and itself returned `own`. */
function nestedLines(id: string, sub: string, name: string, own: string): string {
  const [start, done] = dispatchEvents('code', { rootCallId: id, parentCallId: id, subCallId: sub }, 'read_image', { file_path: name }, [image(name)]);
  return line(toolCallEvent(id, 'run_code', JSON.stringify({ code: 'x' }))) + line(start) + line(done) + line(toolResultEvent(id, [image(own)]));
}

/** `<call id>:<index>:<name>` for a call's image, `<role> message:<index>:<name>` for a message's. */
const names = (images: readonly SessionImage[]): string[] =>
  images.map((each) =>
    each.kind === 'call'
      ? `${each.node.callId}:${String(each.indexInCall)}:${each.attachment.name ?? ''}`
      : `${each.message.role} message:${String(each.indexInMessage)}:${each.attachment.name ?? ''}`,
  );

const callPlace = (callId: string, index: number) => ({ kind: 'call', callId, index }) as const;

function itemsOf(text: string): readonly ConversationItem[] {
  return new ReplayBuilder().replayOf(parseSessionLog(text)).items;
}

const SESSION =
  headerLine() +
  '\n' +
  line(say('hello')) +
  readLines('c1', ['a.png', 'b.png']) +
  readLines('c2', []) +
  line(say('more')) +
  nestedLines('c3', 'c3-sub', 'nested.png', 'own.png') +
  readLines('c4', ['d.png']);

describe('SessionImageCollector: every image of a session, in the order the rows show them', () => {
  it('lists each call’s images in order, a call’s own before its nested calls’, and skips the messages and calls without images', () => {
    const { images } = new SessionImageCollector(callImages).collect(itemsOf(SESSION));
    expect(names(images)).toEqual(['c1:0:a.png', 'c1:1:b.png', 'c3:0:own.png', 'c3-sub:0:nested.png', 'c4:0:d.png']);
    expect(images[0]?.attachment).toEqual({ ...RED_PNG_REF, name: 'a.png' });
  });

  it('finds an image’s place from its call and its index in the call; -1 for anything the session does not hold', () => {
    const collected = new SessionImageCollector(callImages).collect(itemsOf(SESSION));
    expect(collected.positionOf(callPlace('c1', 1))).toBe(1);
    expect(collected.positionOf(callPlace('c3-sub', 0))).toBe(3);
    expect(collected.positionOf(callPlace('c4', 0))).toBe(4);
    expect(collected.positionOf(callPlace('c1', 2))).toBe(-1);
    expect(collected.positionOf(callPlace('c1', -1))).toBe(-1);
    expect(collected.positionOf(callPlace('c2', 0))).toBe(-1);
    expect(collected.positionOf(callPlace('nope', 0))).toBe(-1);
  });

  it('gives an empty list for a session without images', () => {
    const collected = new SessionImageCollector(callImages).collect(itemsOf(headerLine() + '\n' + line(say('hi')) + readLines('c1', [])));
    expect(collected.images).toEqual([]);
    expect(collected.positionOf(callPlace('c1', 0))).toBe(-1);
  });
});

/** Messages with images between calls with images: two pasted screenshots, then a call, then an assistant's two images. */
const WITH_MESSAGES =
  headerLine() +
  '\n' +
  line(paste('what is wrong here?', ['pasted.png', 'pasted-2.png'])) +
  readLines('c1', ['a.png']) +
  line(say('no image in this one')) +
  line(showImages('left.png', 'right.png')) +
  readLines('c2', ['b.png']);

describe('SessionImageCollector: the images of messages too', () => {
  it('lists a message’s images in log order among the calls’, each with the message that holds it', () => {
    const { images } = new SessionImageCollector(callImages).collect(itemsOf(WITH_MESSAGES));
    expect(names(images)).toEqual([
      'user message:0:pasted.png',
      'user message:1:pasted-2.png',
      'c1:0:a.png',
      'assistant message:0:left.png',
      'assistant message:1:right.png',
      'c2:0:b.png',
    ]);
    const pasted = images[0];
    expect(pasted?.kind === 'message' && pasted.message.parts[0]).toEqual({ kind: 'text', text: 'what is wrong here?' });
  });

  it('finds a message’s image from its message’s key and its index there, and tells calls and messages apart', () => {
    const collected = new SessionImageCollector(callImages).collect(itemsOf(WITH_MESSAGES));
    for (const [position, each] of collected.images.entries()) expect(collected.positionOf(placeOfImage(each))).toBe(position);
    const right = collected.images[4];
    if (right?.kind !== 'message') throw new Error('the fourth image is not a message’s');
    const { key } = right.message;
    expect(collected.positionOf({ kind: 'message', key, index: 2 })).toBe(-1);
    expect(collected.positionOf({ kind: 'message', key, index: -1 })).toBe(-1);
    expect(collected.positionOf({ kind: 'message', key: 'no such message', index: 0 })).toBe(-1);
    // A call id equal to a message key names no message.
    expect(collected.positionOf({ kind: 'call', callId: key, index: 0 })).toBe(-1);
  });

  it('counts no image for a message whose image block is malformed', () => {
    const broken = { type: 'user/message', data: { content: [{ type: 'image', attachment: { name: 'no id' } }], source: { kind: 'user' }, role: 'user' } };
    const { images } = new SessionImageCollector(callImages).collect(itemsOf(headerLine() + '\n' + line(broken) + readLines('c1', ['a.png'])));
    expect(names(images)).toEqual(['c1:0:a.png']);
  });

  it('keeps a message’s images as the same objects as the log grows, also when a call before it settles', () => {
    const reader = new SessionLogReader();
    const builder = new ReplayBuilder();
    const collector = new SessionImageCollector(callImages);
    const append = (text: string) => {
      reader.append(text);
      return collector.collect(builder.replayOf(reader.snapshot()).items);
    };
    const before = append(
      `${headerLine()}\n${line(toolCallEvent('c1', 'read_image', JSON.stringify({ file_path: 'c1.png' })))}${line(paste('this?', ['pasted.png']))}`,
    );
    const settled = append(line(toolResultEvent('c1', [image('a.png')])) + line(paste('and this', ['later.png'])));
    expect(names(settled.images)).toEqual(['c1:0:a.png', 'user message:0:pasted.png', 'user message:0:later.png']);
    expect(settled.images[1]).toBe(before.images[0]);
  });
});

describe('SessionImageCollector: a growing session costs what changed', () => {
  function growing() {
    const reader = new SessionLogReader();
    const builder = new ReplayBuilder();
    const imagesOf = vi.fn(callImages);
    const collector = new SessionImageCollector(imagesOf);
    const append = (text: string) => {
      reader.append(text);
      return collector.collect(builder.replayOf(reader.snapshot()).items);
    };
    return { append, imagesOf };
  }

  it('keeps the images it had as the same objects and asks only the appended calls for theirs', () => {
    const { append, imagesOf } = growing();
    const before = append(`${headerLine()}\n${readLines('c1', ['a.png', 'b.png'])}${readLines('c2', ['c.png'])}`);
    const asked = imagesOf.mock.calls.length;
    const after = append(readLines('c3', ['d.png']));
    expect(names(after.images)).toEqual(['c1:0:a.png', 'c1:1:b.png', 'c2:0:c.png', 'c3:0:d.png']);
    for (const [index, each] of before.images.entries()) expect(after.images[index]).toBe(each);
    expect(imagesOf.mock.calls.map(([node]) => node.callId)).toEqual([...imagesOf.mock.calls.slice(0, asked).map(([node]) => node.callId), 'c3']);
  });

  it('gives the same snapshot back when nothing with images was appended', () => {
    const { append } = growing();
    const before = append(`${headerLine()}\n${readLines('c1', ['a.png'])}`);
    expect(append(line(say('no images here')))).toBe(before);
  });

  it('takes in a call that settles after later items were appended, in its place', () => {
    const { append } = growing();
    append(`${headerLine()}\n${line(toolCallEvent('c1', 'read_image', JSON.stringify({ file_path: 'c1.png' })))}`);
    append(readLines('c2', ['b.png']));
    const settled = append(line(toolResultEvent('c1', [image('a.png')])));
    expect(names(settled.images)).toEqual(['c1:0:a.png', 'c2:0:b.png']);
    expect(settled.positionOf(callPlace('c2', 0))).toBe(1);
  });

  it('keeps a nested call’s images when its parent changes (gains another nested call)', () => {
    const { append, imagesOf } = growing();
    const dispatch = (sub: string, name: string) =>
      dispatchEvents('code', { rootCallId: 'p', parentCallId: 'p', subCallId: sub }, 'read_image', { file_path: name }, [image(name)])
        .map(line)
        .join('');
    const before = append(`${headerLine()}\n${line(toolCallEvent('p', 'run_code', JSON.stringify({ code: 'x' })))}${dispatch('s1', 'one.png')}`);
    const asked = imagesOf.mock.calls.length;
    const after = append(dispatch('s2', 'two.png'));
    expect(names(after.images)).toEqual(['s1:0:one.png', 's2:0:two.png']);
    expect(after.images[0]).toBe(before.images[0]);
    expect(imagesOf.mock.calls.slice(asked).map(([node]) => node.callId)).toEqual(['p', 's2']);
  });

  it('matches a collection from scratch wherever the log is cut into appends', () => {
    const whole = names(new SessionImageCollector(callImages).collect(itemsOf(SESSION)).images);
    for (let cut = 1; cut < SESSION.length; cut += 37) {
      const { append } = growing();
      append(SESSION.slice(0, cut));
      expect(names(append(SESSION.slice(cut)).images)).toEqual(whole);
    }
  });

  it('starts over for another log', () => {
    const collector = new SessionImageCollector(callImages);
    collector.collect(itemsOf(SESSION));
    const other = collector.collect(itemsOf(`${headerLine()}\n${readLines('x1', ['x.png'])}`));
    expect(names(other.images)).toEqual(['x1:0:x.png']);
  });
});
