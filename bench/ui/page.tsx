// The in-browser harness: the Node driver (run.ts) calls `window.uiBench` step by step.
import { parseSessionLog, type LoadImage } from '@toolcard/ui-tool-image';
import type { ReactNode } from 'react';
import longSession from '../../stories/fixtures/sessions/15-long-session.jsonl?raw';
import { loadRecordedAttachment } from '../../stories/support/attachment-store';
import type { UiBenchPage, Variant } from './bench-api';
import { countingLoader, trackObjectUrls } from './counters';
import { FLOOR_IMAGE_ROW_TOGGLES, FloorReplay } from './floor-replay';
import { timeUntilPainted } from './frames';
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

function imageRowToggles(variant: Variant): HTMLElement[] {
  if (variant === 'floor') return [...document.querySelectorAll<HTMLElement>(FLOOR_IMAGE_ROW_TOGGLES)];
  const { imageAttachments } = preparedRows();
  return [...document.querySelectorAll<HTMLElement>('.tc-row[data-call-id]')].flatMap((row) => {
    const disclosure = row.querySelector<HTMLElement>(':scope > .tc-row__header > .tc-row__disclosure');
    return imageAttachments.has(row.dataset.callId ?? '') && disclosure !== null ? [disclosure] : [];
  });
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
    };
  },
  async renderAll(variant) {
    const times = await mountUntilAllRowsPainted(view(variant, true));
    return { ...times, elements: mountedElementCount() };
  },
  async settleImagesInView() {
    await settleTilesInView();
  },
  async expandAllImageRows(variant) {
    await mountUntilAllRowsPainted(view(variant, false));
    const toggles = imageRowToggles(variant);
    const imageRows = preparedRows().imageAttachments.size;
    if (toggles.length !== imageRows) throw new Error(`${variant}: ${toggles.length} image-row toggles for ${imageRows} image rows`);
    const ms = await timeUntilPainted(() => {
      for (const toggle of toggles) toggle.click();
    });
    const stillClosed = toggles.filter((toggle) => toggle.getAttribute('aria-expanded') !== 'true').length;
    if (stillClosed > 0) throw new Error(`${variant}: ${stillClosed} image rows did not open`);
    return ms;
  },
  async unmount() {
    await unmountCurrent();
    return objectUrls.live();
  },
  async checkLoadsWhileScrolling() {
    const loader = countingLoader(loadRecordedAttachment);
    const createdBefore = objectUrls.created();
    await mountUntilAllRowsPainted(view('replay', true, loader.loadImage));
    const loads = await scrollThroughPage(preparedRows().imageAttachments, loader.callsById);
    await unmountCurrent();
    return { ...loads, objectUrlsCreated: objectUrls.created() - createdBefore, liveObjectUrlsAfterUnmount: objectUrls.live() };
  },
};

window.uiBench = bench;
