// The in-browser harness: the Node driver (run.ts) calls `window.uiBench` step by step.
import { parseSessionLog, type LoadImage } from '@toolcard/ui-tool-image';
import type { ReactNode } from 'react';
import longSession from '../../stories/fixtures/sessions/15-long-session.jsonl?raw';
import { loadRecordedAttachment } from '../../stories/support/attachment-store';
import type { UiBenchPage, Variant } from './bench-api';
import { countingLoader, trackObjectUrls } from './counters';
import { FloorReplay } from './floor-replay';
import { afterNextPaint, recordLongTasks } from './frames';
import { scrollThroughPage, settleTilesInView } from './gallery-tiles';
import { mountedElementCount, mountUntilAllRowsPainted, unmountCurrent } from './mount';
import { repeatLog } from '../../stories/support/repeat-log';
import { sessionRows, type SessionRows } from './session-rows';
import { StoryReplay } from './story-replay';

const objectUrls = trackObjectUrls();
const recorded = parseSessionLog(longSession);
let rows: SessionRows | undefined;

function preparedRows(): SessionRows {
  if (rows === undefined) throw new Error('Call prepare(repeat) first.');
  return rows;
}

function view(variant: Variant, imageRowsOpen: boolean, loadImage: LoadImage = loadRecordedAttachment): ReactNode {
  const { log, floorRows } = preparedRows();
  return variant === 'floor' ? (
    <FloorReplay rows={floorRows} imageRowsOpen={imageRowsOpen} />
  ) : (
    <StoryReplay log={log} loadImage={loadImage} expandImageResults={imageRowsOpen} />
  );
}

/** Types `text` into the find bar as a person does (React reads the input event), resolving when the match count changes. */
function searchFor(text: string): Promise<void> {
  const input = document.querySelector<HTMLInputElement>('.tc-find__input');
  const output = document.querySelector('.tc-find__matches');
  if (input === null || output === null) throw new Error('The replay has no find bar.');
  const changed = new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe(output, { childList: true, characterData: true, subtree: true });
  });
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  return changed;
}

function matchCount(): number {
  return Number(/\d+/.exec(document.querySelector('.tc-find__matches')?.textContent ?? '')?.[0] ?? 0);
}

const bench: UiBenchPage = {
  prepare(repeat) {
    rows = sessionRows(repeat === 1 ? recorded : repeatLog(recorded, repeat));
    const ids = new Set([...rows.imageAttachments.values()].flat());
    return {
      toolCalls: rows.toolCalls,
      imageRows: rows.imageAttachments.size,
      messages: rows.floorRows.length - rows.toolCalls,
      events: rows.log.events.length,
      distinctAttachments: ids.size,
      logBytes: JSON.stringify(rows.log.events).length,
    };
  },
  async renderAll(variant) {
    const times = await mountUntilAllRowsPainted(view(variant, true));
    return { ...times, elements: mountedElementCount() };
  },
  async settleImagesInView() {
    await settleTilesInView();
  },
  async searchOnce(query) {
    const { searchTexts } = preparedRows();
    const needle = query.toLowerCase();
    const floorStart = performance.now();
    let floorMatches = 0;
    for (const text of searchTexts) if (text.includes(needle)) floorMatches += 1;
    const floorMs = performance.now() - floorStart;

    await mountUntilAllRowsPainted(view('replay', true));
    // The first search builds the bar's lowercased texts (once per log); the timed one reuses them.
    await searchFor(`${needle}#warm-up`);
    performance.mark('uibench:search:start');
    const start = performance.now();
    await searchFor(needle);
    const replayMs = performance.now() - start;
    performance.mark('uibench:search:end');
    const matches = matchCount();
    await unmountCurrent();
    return { floorMs, replayMs, matches, floorMatches };
  },
  async flingLongestTask() {
    await mountUntilAllRowsPainted(view('replay', true));
    await settleTilesInView();
    performance.mark('uibench:fling:start');
    const longTasks = recordLongTasks();
    const bottom = (): number => document.documentElement.scrollHeight - window.innerHeight;
    const stops = 20;
    for (let stop = 1; stop <= stops; stop += 1) {
      window.scrollTo(0, (bottom() * stop) / stops);
      await afterNextPaint();
    }
    for (let stop = stops - 1; stop >= 0; stop -= 1) {
      window.scrollTo(0, (bottom() * stop) / stops);
      await afterNextPaint();
    }
    await afterNextPaint();
    const longest = longTasks.stop();
    performance.mark('uibench:fling:end');
    await unmountCurrent();
    return longest;
  },
  async unmount() {
    await unmountCurrent();
    return objectUrls.live();
  },
  async checkLoadsWhileScrolling(pace) {
    const loader = countingLoader(loadRecordedAttachment);
    const createdBefore = objectUrls.created();
    await mountUntilAllRowsPainted(view('replay', true, loader.loadImage));
    const loads = await scrollThroughPage(pace, preparedRows().imageAttachments, loader.callsById);
    await unmountCurrent();
    return { pace, ...loads, objectUrlsCreated: objectUrls.created() - createdBefore, liveObjectUrlsAfterUnmount: objectUrls.live() };
  },
};

window.uiBench = bench;
