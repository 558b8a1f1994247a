import { describe, expect, it, vi } from 'vitest';
import { callImages } from '../../../src/components/row/call-images';
import { parseSessionLog, SessionLogReader } from '../../../src/model';
import type { ConversationItem } from '../../../src/model/conversation';
import { ReplayBuilder } from '../../../src/model/replay/replay-builder';
import { SessionImageCollector, type SessionImage } from '../../../src/model/replay/session-images';
import { dispatchEvents, headerLine, RED_PNG_REF, toolCallEvent, toolResultEvent } from '../builders';

const line = (event: unknown): string => `${JSON.stringify(event)}\n`;
const say = (text: string) => ({ type: 'assistant/message', data: { message: { role: 'assistant', content: [{ type: 'text', text }] } } });

/** An image block named `name` (the name tells the images apart). */
const image = (name: string) => ({ type: 'image', attachment: { ...RED_PNG_REF, name } });

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

const names = (images: readonly SessionImage[]): string[] =>
  images.map((each) => `${each.node.callId}:${String(each.indexInCall)}:${each.attachment.name ?? ''}`);

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
  it('lists each call’s images in order, a call’s own before its nested calls’, and skips messages and calls without images', () => {
    const { images } = new SessionImageCollector(callImages).collect(itemsOf(SESSION));
    expect(names(images)).toEqual(['c1:0:a.png', 'c1:1:b.png', 'c3:0:own.png', 'c3-sub:0:nested.png', 'c4:0:d.png']);
    expect(images[0]?.attachment).toEqual({ ...RED_PNG_REF, name: 'a.png' });
  });

  it('finds an image’s place from its call and its index in the call; -1 for anything the session does not hold', () => {
    const collected = new SessionImageCollector(callImages).collect(itemsOf(SESSION));
    expect(collected.positionOf('c1', 1)).toBe(1);
    expect(collected.positionOf('c3-sub', 0)).toBe(3);
    expect(collected.positionOf('c4', 0)).toBe(4);
    expect(collected.positionOf('c1', 2)).toBe(-1);
    expect(collected.positionOf('c1', -1)).toBe(-1);
    expect(collected.positionOf('c2', 0)).toBe(-1);
    expect(collected.positionOf('nope', 0)).toBe(-1);
  });

  it('gives an empty list for a session without images', () => {
    const collected = new SessionImageCollector(callImages).collect(itemsOf(headerLine() + '\n' + line(say('hi')) + readLines('c1', [])));
    expect(collected.images).toEqual([]);
    expect(collected.positionOf('c1', 0)).toBe(-1);
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
    expect(settled.positionOf('c2', 0)).toBe(1);
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
