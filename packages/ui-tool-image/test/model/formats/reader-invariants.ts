import { expect } from 'vitest';
import { type ConversationItem } from '../../../src/model';
import { conversationItemKey } from '../../../src/model/conversation';
import type { FormatReader, FormatSnapshot } from '../../../src/model/formats/agent-log/format-reader';
import { shownTexts } from './conversation-summary';

/** What every snapshot of `lineCount` lines holds: items and problems at lines read, in order, under keys no two items share; `payload` never shown as text. */
function checkSnapshot(snapshot: FormatSnapshot, lineCount: number, payload: string): void {
  const { items } = snapshot.conversation;
  items.forEach((item, index) => {
    const line = item.line ?? 0;
    expect(line).toBeGreaterThanOrEqual(Math.max(1, items[index - 1]?.line ?? 1));
    expect(line).toBeLessThanOrEqual(lineCount);
  });
  expect(new Set(items.map(conversationItemKey)).size).toBe(items.length);
  for (const { line } of snapshot.problems) expect(line >= 1 && line <= lineCount).toBe(true);
  for (const { count } of snapshot.otherEvents) expect(count).toBeGreaterThan(0);
  for (const text of shownTexts(items)) expect(text.includes(payload)).toBe(false);
}

/** A later snapshot keeps every earlier item, the same object unless it is a call that changed; the earlier snapshot is left as it was. */
function checkStable(earlier: FormatSnapshot, earlierItems: readonly ConversationItem[], later: FormatSnapshot): void {
  expect(earlier.conversation.items).toEqual(earlierItems);
  expect(later.conversation.items.length).toBeGreaterThanOrEqual(earlierItems.length);
  earlierItems.forEach((item, index) => {
    const next = later.conversation.items[index];
    if (next === item) return;
    expect(item.kind === 'call' && next?.kind === 'call' && next.node.callId === item.node.callId).toBe(true);
  });
}

/**
 * Feeds `values` as lines 1, 2, … with a snapshot after each, checking every snapshot and each
 * step's stability, and that the last equals the snapshot of a reader fed all lines at once.
 * `payload` is base64 hidden in the values that must never be shown as text.
 */
export function checkStreamedReading(newReader: () => FormatReader, values: readonly unknown[], payload: string): void {
  const streamed = newReader();
  let earlier: { readonly snapshot: FormatSnapshot; readonly items: readonly ConversationItem[] } | null = null;
  values.forEach((value, index) => {
    streamed.readLine(value, index + 1);
    const snapshot = streamed.snapshot();
    checkSnapshot(snapshot, index + 1, payload);
    if (earlier !== null) checkStable(earlier.snapshot, earlier.items, snapshot);
    earlier = { snapshot, items: [...snapshot.conversation.items] };
  });
  const whole = newReader();
  values.forEach((value, index) => {
    whole.readLine(value, index + 1);
  });
  expect(whole.snapshot()).toEqual(streamed.snapshot());
}
