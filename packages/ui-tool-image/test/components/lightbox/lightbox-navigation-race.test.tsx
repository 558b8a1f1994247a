import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode, useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AttachmentNotAvailableError, useAttachmentImage } from '../../../src/components/image-loading';
import { ImageLightbox } from '../../../src/components/lightbox';
import type { LoadImage } from '../../../src/components/load-image';
import type { AttachmentRef, ImageCardImage } from '../../../src/model';
import { ToolCardProvider } from '../../../src/plugins';
import { mockIntersectionObserver, pngBlob, trackObjectUrls } from '../image-loading/support';

// The filmstrip's tiles load as the gallery's do, once near the viewport. Here they stay away (a
// long card's strip scrolled elsewhere): what is counted is the lightbox's own loading, the image
// shown and its neighbours.
beforeEach(() => {
  mockIntersectionObserver();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function attachment(n: number): AttachmentRef {
  return { attachmentId: `sha256:${n}`, mediaType: 'image/png', bytes: 1536, width: 800, height: 600, name: `shot-${n}.png` };
}

const FIVE: readonly ImageCardImage[] = [1, 2, 3, 4, 5].map((n) => ({ attachment: attachment(n) }));

/** The lightbox's index, as the host last set it: what "needed" means when a load is aborted. */
let shownIndex = -1;

/** Indices of the images the lightbox needs at an index: the one shown and its neighbours. */
function neededAt(index: number): number[] {
  return [index - 1, index, index + 1].filter((i) => i >= 0 && i < FIVE.length);
}

interface LoadCall {
  readonly id: string;
  readonly signal: AbortSignal;
  readonly resolve: (value: Blob) => void;
  readonly reject: (error: Error) => void;
  settled: boolean;
  /** The lightbox's index when the load was aborted (undefined: never aborted). */
  abortedAt: number | undefined;
}

/**
 * A loader the test drives: every call waits until the test settles it. It honours the abort
 * signal as `fetch` does (rejects at once), or, with `ignoreAbort`, keeps going as the story's
 * canvas loader does. It records the loads of one attachment that were running at the same time.
 */
function controllableLoader({ ignoreAbort = false } = {}) {
  const calls: LoadCall[] = [];
  const running = (id: string) => calls.filter((call) => call.id === id && !call.settled && (ignoreAbort || !call.signal.aborted));
  const overlaps: string[] = [];
  const load = vi.fn<LoadImage>(
    (ref, { signal }) =>
      new Promise((resolve, reject) => {
        if (running(ref.attachmentId).length > 0) overlaps.push(ref.attachmentId);
        const call: LoadCall = {
          id: ref.attachmentId,
          signal,
          resolve: (value) => {
            call.settled = true;
            resolve(value);
          },
          reject: (error) => {
            call.settled = true;
            reject(error);
          },
          settled: false,
          abortedAt: undefined,
        };
        signal.addEventListener('abort', () => {
          call.abortedAt = shownIndex;
          if (ignoreAbort) return;
          call.settled = true;
          reject(signal.reason as Error);
        });
        calls.push(call);
      }),
  );
  return {
    load,
    calls,
    overlaps,
    callsFor: (n: number) => calls.filter((call) => call.id === `sha256:${n}`),
    /** Settles every load still running (the oldest first), as the bytes arrive. */
    async finishAll(): Promise<void> {
      for (const call of calls) if (!call.settled) call.resolve(pngBlob());
      await settle();
    },
    async finish(n: number): Promise<void> {
      for (const call of running(`sha256:${n}`)) call.resolve(pngBlob());
      await settle();
    },
    async fail(n: number, error: Error): Promise<void> {
      for (const call of running(`sha256:${n}`)) call.reject(error);
      await settle();
    },
  };
}

/**
 * Lets settled loads reach the screen: the query's promise chain, then React Query's batched
 * notification (a zero-delay timer), then React's render.
 */
async function settle(): Promise<void> {
  await act(async () => {
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function Host({ start, loadImage, children }: { start: number; loadImage: LoadImage; children?: ReactNode }): ReactNode {
  const [index, setIndex] = useState(start);
  return (
    <>
      {children}
      <ImageLightbox
        images={FIVE}
        index={index}
        loadImage={loadImage}
        onIndexChange={(next) => {
          shownIndex = next;
          setIndex(next);
        }}
        onClose={() => undefined}
      />
    </>
  );
}

interface OpenOptions {
  readonly start?: number;
  readonly strict?: boolean;
  readonly retries?: number;
  readonly children?: ReactNode;
}

function open(loadImage: LoadImage, { start = 1, strict = false, retries, children }: OpenOptions = {}) {
  shownIndex = start;
  const ui = (
    <ToolCardProvider loadImage={loadImage} queryClient={new QueryClient()} {...(retries === undefined ? {} : { imageCache: { retries } })}>
      <Host start={start} loadImage={loadImage}>
        {children}
      </Host>
    </ToolCardProvider>
  );
  const view = render(strict ? <StrictMode>{ui}</StrictMode> : ui);
  screen.getByRole('button', { name: 'Close' }).focus();
  return view;
}

function press(key: string): void {
  fireEvent.keyDown(document.activeElement ?? document.body, { key });
}

/** What the stage shows: the image's URL once ready, else its message. */
function stage(): string {
  const image = document.querySelector<HTMLImageElement>('.tc-lightbox__image');
  if (image !== null) return `ready ${image.alt} ${image.getAttribute('src') ?? ''}`;
  return document.querySelector('.tc-lightbox__message')?.textContent ?? 'nothing';
}

function download(): string | null {
  return screen.getByRole('link', { name: 'Download' }).getAttribute('href');
}

/** Every abort happened while the attachment was neither shown nor next to the image shown. */
function abortedOnlyWhenNotNeeded(calls: readonly LoadCall[]): string[] {
  return calls
    .filter((call) => call.abortedAt !== undefined && neededAt(call.abortedAt).some((i) => FIVE[i]?.attachment.attachmentId === call.id))
    .map((call) => `${call.id} aborted at index ${String(call.abortedAt)}`);
}

describe('ImageLightbox navigating while images load', () => {
  it('keeps loading an image it moves away from while that image is still a neighbour, and shows it on coming back', async () => {
    const urls = trackObjectUrls();
    const loader = controllableLoader();
    const view = open(loader.load, { start: 1 });
    press('ArrowRight');
    press('ArrowLeft');
    expect(stage()).toBe('Loading image');

    // shot-2 stayed needed (shown, then a neighbour, then shown): one request. Only what was
    // neither shown nor a neighbour was let go: shot-1 at image 3 (asked for again at image 2),
    // shot-4 back at image 2.
    expect(loader.calls.map((call) => call.id)).toEqual(['sha256:2', 'sha256:1', 'sha256:3', 'sha256:4', 'sha256:1']);
    expect(loader.calls.map((call) => call.abortedAt)).toEqual([undefined, 2, undefined, 1, undefined]);

    await loader.finish(2);
    expect(stage()).toBe('ready shot-2.png blob:test/1');
    expect(download()).toBe('blob:test/1');
    expect(loader.load).toHaveBeenCalledTimes(5);

    await loader.finishAll();
    view.unmount();
    expect(urls.live.size).toBe(0);
  });

  it('walks as the keyboard story does (→ → → → Home →) and ends showing image 2, never loading one image twice at once', async () => {
    const urls = trackObjectUrls();
    const loader = controllableLoader();
    const view = open(loader.load, { start: 1 });
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'Home', 'ArrowRight']) press(key);
    expect(screen.getByRole('dialog', { name: 'shot-2.png' })).toBeTruthy();

    await loader.finishAll();
    expect(stage()).toBe(`ready shot-2.png ${download() ?? 'no href'}`);
    expect(download()).toMatch(/^blob:test\//);
    expect(loader.overlaps).toEqual([]);
    expect(abortedOnlyWhenNotNeeded(loader.calls)).toEqual([]);
    // Let go only when neither shown nor a neighbour: shot-1 at image 3, shot-2 at image 4 and
    // shot-3 at image 5; asked for again when needed again (Home, Home, image 2).
    expect(loader.calls.map((call) => call.id).sort()).toEqual(
      ['sha256:1', 'sha256:1', 'sha256:2', 'sha256:2', 'sha256:3', 'sha256:3', 'sha256:4', 'sha256:5'].sort(),
    );

    view.unmount();
    expect(urls.live.size).toBe(0);
  });

  it('aborts the loads nothing needs any more, neighbours included, and loads them again when needed', async () => {
    const loader = controllableLoader();
    open(loader.load, { start: 0 });
    expect(loader.calls.map((call) => call.id)).toEqual(['sha256:1', 'sha256:2']);
    press('End');
    const [first, second] = loader.calls;
    expect(first?.signal.aborted).toBe(true);
    expect(second?.signal.aborted).toBe(true);

    press('Home');
    await loader.finishAll();
    expect(stage()).toBe(`ready shot-1.png ${download() ?? 'no href'}`);
    expect(loader.callsFor(1)).toHaveLength(2);
    expect(loader.overlaps).toEqual([]);
  });

  it('shows an image whose load finished while it was away, without loading it again', async () => {
    const loader = controllableLoader();
    open(loader.load, { start: 1 });
    press('ArrowRight');
    await loader.finish(2);
    press('ArrowLeft');
    expect(stage()).toMatch(/^ready shot-2\.png blob:/);
    expect(loader.callsFor(2)).toHaveLength(1);
  });

  it('asks again for a neighbour that failed once it comes into view, as a new viewer would', async () => {
    const loader = controllableLoader();
    open(loader.load, { start: 0, retries: 0 });
    await loader.fail(2, new Error('offline'));
    press('ArrowRight');
    await settle();
    expect(stage()).toBe('Loading image');
    expect(loader.callsFor(2)).toHaveLength(2);
    await loader.finish(2);
    expect(stage()).toMatch(/^ready shot-2\.png blob:/);
  });

  it('says at once that a neighbour is not in the store, without asking again', async () => {
    const loader = controllableLoader();
    open(loader.load, { start: 0 });
    await loader.fail(2, new AttachmentNotAvailableError());
    press('ArrowRight');
    await settle();
    expect(stage()).toBe('Not in the attachment store');
    expect(loader.callsFor(2)).toHaveLength(1);
  });

  it('never aborts what a thumbnail still shows', async () => {
    function Thumbnail({ loadImage }: { loadImage: LoadImage }): ReactNode {
      const state = useAttachmentImage(attachment(2), loadImage, { enabled: true });
      return <output data-testid="thumbnail" data-status={state.status} />;
    }
    const loader = controllableLoader();
    open(loader.load, { start: 1, children: <Thumbnail loadImage={loader.load} /> });
    for (const key of ['End', 'Home', 'End']) press(key);
    expect(loader.callsFor(2).map((call) => call.signal.aborted)).toEqual([false]);
    press('Home');
    press('ArrowRight');
    await loader.finishAll();
    expect(stage()).toMatch(/^ready shot-2\.png blob:/);
    expect(screen.getByTestId('thumbnail').getAttribute('data-status')).toBe('ready');
    expect(loader.callsFor(2)).toHaveLength(1);
  });

  it('ends ready under StrictMode and with a loader that ignores the abort, leaking no object URL', async () => {
    const urls = trackObjectUrls();
    const loader = controllableLoader({ ignoreAbort: true });
    const view = open(loader.load, { start: 1, strict: true });
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'Home', 'ArrowRight']) press(key);
    await loader.finishAll();
    // StrictMode's rehearsed unmount aborts everything once, so only the outcome is checked here.
    expect(stage()).toMatch(/^ready shot-2\.png blob:/);
    view.unmount();
    expect(urls.live.size).toBe(0);
  });

  it('never stays loading, whatever the order of moves and arriving bytes', async () => {
    trackObjectUrls();
    const keys = ['ArrowRight', 'ArrowLeft', 'Home', 'End', 'settle-oldest'] as const;
    const walks: (typeof keys)[number][][] = [[]];
    for (let depth = 0; depth < 3; depth += 1) {
      const longer = walks.filter((walk) => walk.length === depth).flatMap((walk) => keys.map((key) => [...walk, key]));
      walks.push(...longer);
    }
    const stuck: string[] = [];
    for (const walk of walks.filter((w) => w.length === 3)) {
      const loader = controllableLoader();
      const view = open(loader.load, { start: 1 });
      for (const step of walk) {
        if (step === 'settle-oldest') {
          const oldest = loader.calls.find((call) => !call.settled);
          if (oldest !== undefined) await loader.finish(Number(oldest.id.slice('sha256:'.length)));
        } else {
          press(step);
        }
      }
      await loader.finishAll();
      const shown = screen.getByRole('dialog').getAttribute('aria-labelledby');
      const name = shown === null ? '' : (document.getElementById(shown)?.textContent ?? '');
      if (!stage().startsWith(`ready ${name} blob:`) || loader.overlaps.length > 0 || abortedOnlyWhenNotNeeded(loader.calls).length > 0) {
        stuck.push(`${walk.join(' ')}: ${stage()} overlaps=${loader.overlaps.join(',')} ${abortedOnlyWhenNotNeeded(loader.calls).join(',')}`);
      }
      view.unmount();
    }
    expect(stuck).toEqual([]);
  }, 60_000);
});
