import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AttachmentNotAvailableError, ImageCacheScope, type ImageCachePolicy } from '../../../src/components/image-loading';
import { ImageLightbox, type ImageLightboxProps } from '../../../src/components/lightbox';
import { FILMSTRIP_REACH } from '../../../src/components/lightbox/lightbox-filmstrip';
import type { LoadImage } from '../../../src/components/load-image';
import { LabelsProvider, type Locale } from '../../../src/labels';
import type { AttachmentRef, ImageCardImage } from '../../../src/model';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function attachment(n: number, extra: Partial<AttachmentRef> = {}): AttachmentRef {
  return { attachmentId: `sha256:${n}`, mediaType: 'image/png', bytes: 1536, width: 800, height: 600, name: `shot-${n}.png`, ...extra };
}

const FIVE: readonly ImageCardImage[] = [1, 2, 3, 4, 5].map((n) => ({ attachment: attachment(n) }));

function urlOf(ref: AttachmentRef): string {
  return `https://images.test/${ref.attachmentId}`;
}

function resolvingLoader() {
  return vi.fn<LoadImage>((ref) => Promise.resolve(urlOf(ref)));
}

const neverLoads: LoadImage = () => new Promise(() => undefined);

interface HostProps extends Partial<Omit<ImageLightboxProps, 'index'>> {
  readonly start?: number;
}

/** A thumbnail that opens the lightbox and owns its index, as the gallery does. */
function Host({ start = 0, images = FIVE, loadImage = neverLoads, onIndexChange, onClose, ...rest }: HostProps): ReactNode {
  const [index, setIndex] = useState<number | null>(null);
  const [thumbnail, setThumbnail] = useState<HTMLButtonElement | null>(null);
  return (
    <>
      <button
        type="button"
        ref={setThumbnail}
        onClick={() => {
          setIndex(start);
        }}
      >
        thumbnail
      </button>
      {index === null ? null : (
        <ImageLightbox
          images={images}
          index={index}
          loadImage={loadImage}
          returnFocusTo={thumbnail}
          onIndexChange={(next) => {
            onIndexChange?.(next);
            setIndex(next);
          }}
          onClose={() => {
            onClose?.();
            setIndex(null);
          }}
          {...rest}
        />
      )}
    </>
  );
}

interface ProviderOptions {
  readonly locale?: Locale;
  readonly imageCache?: ImageCachePolicy;
}

/** What the lightbox needs of a ToolCardProvider: the image cache and the labels. */
function renderInProvider(ui: ReactNode, { locale = 'en', imageCache }: ProviderOptions = {}) {
  const queryClient = new QueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <ImageCacheScope policy={imageCache}>
        <LabelsProvider locale={locale}>{ui}</LabelsProvider>
      </ImageCacheScope>
    </QueryClientProvider>,
  );
}

function openHost(props: HostProps = {}, options: ProviderOptions = {}) {
  const result = renderInProvider(<Host {...props} />, options);
  const thumbnail = screen.getByRole('button', { name: 'thumbnail' });
  thumbnail.focus();
  fireEvent.click(thumbnail);
  return { ...result, thumbnail };
}

function dialog(): HTMLDialogElement {
  const element = document.querySelector('dialog');
  if (element === null) throw new Error('no dialog');
  return element;
}

function counter(): HTMLElement {
  const element = document.querySelector<HTMLElement>('.tc-lightbox__counter');
  if (element === null) throw new Error('no counter');
  return element;
}

function press(key: string, init: KeyboardEventInit = {}): boolean {
  return fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init });
}

/** Every keydown that reaches the host page's document. */
function documentKeys(): string[] {
  const seen: string[] = [];
  const listener = (event: KeyboardEvent) => seen.push(event.key);
  document.addEventListener('keydown', listener);
  return seen;
}

describe('ImageLightbox opening and closing', () => {
  it('shows a modal dialog in document.body, named by the image, with focus inside', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    openHost();
    expect(showModal).toHaveBeenCalledOnce();
    expect(dialog().open).toBe(true);
    expect(dialog().parentElement).toBe(document.body);
    expect(screen.getByRole('dialog', { name: 'shot-1.png' })).toBe(dialog());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('portals into the given container', () => {
    const container = document.createElement('section');
    document.body.append(container);
    openHost({ container });
    expect(dialog().parentElement).toBe(container);
    container.remove();
  });

  it('returns focus to the thumbnail when closed with the Close button', () => {
    const onClose = vi.fn();
    const { thumbnail } = openHost({ onClose });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(document.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(thumbnail);
  });

  it('closes on Esc without the host page seeing the key', () => {
    const onClose = vi.fn();
    const { thumbnail } = openHost({ onClose });
    const seen = documentKeys();
    press('a');
    expect(press('Escape')).toBe(false);
    expect(onClose).toHaveBeenCalledOnce();
    expect(seen).toEqual(['a']);
    expect(document.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(thumbnail);
  });

  it('cancels the platform close requests and reports them', () => {
    const onClose = vi.fn();
    openHost({ onClose });
    const notPrevented = dialog().dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(notPrevented).toBe(false);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('reports a close the platform did on its own', () => {
    const onClose = vi.fn();
    openHost({ onClose });
    act(() => {
      dialog().close();
    });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('survives StrictMode re-running its effect without reporting a close', () => {
    const onClose = vi.fn();
    renderInProvider(
      <StrictMode>
        <ImageLightbox images={FIVE} index={0} loadImage={neverLoads} onIndexChange={vi.fn()} onClose={onClose} />
      </StrictMode>,
    );
    expect(dialog().open).toBe(true);
    expect(dialog().contains(document.activeElement)).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('restores focus when unmounted while open, and never throws when the opener is gone', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    const props = { images: FIVE, index: 0, loadImage: neverLoads, onIndexChange: vi.fn(), onClose: vi.fn() };

    const first = renderInProvider(<ImageLightbox {...props} returnFocusTo={opener} />);
    expect(dialog().contains(document.activeElement)).toBe(true);
    expect(() => {
      first.unmount();
    }).not.toThrow();
    expect(document.activeElement).toBe(opener);

    opener.blur();
    const second = renderInProvider(<ImageLightbox {...props} returnFocusTo={opener} />);
    opener.remove();
    expect(() => {
      second.unmount();
    }).not.toThrow();
    expect(document.activeElement).not.toBe(opener);
    expect(props.onClose).not.toHaveBeenCalled();
  });
});

describe('ImageLightbox navigation', () => {
  it('moves with ←/→/Home/End, clamped at the ends, keys kept from the host page', () => {
    const onIndexChange = vi.fn();
    openHost({ onIndexChange });
    const seen = documentKeys();

    expect(press('ArrowRight')).toBe(false);
    expect(counter().textContent).toBe('2 / 5');
    press('End');
    expect(counter().textContent).toBe('5 / 5');
    press('ArrowRight');
    press('Home');
    expect(counter().textContent).toBe('1 / 5');
    press('ArrowLeft');
    expect(counter().textContent).toBe('1 / 5');

    expect(onIndexChange.mock.calls).toEqual([[1], [4], [0]]);
    expect(seen).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'shot-1.png' })).toBeTruthy();
  });

  it('leaves keys with modifiers alone (Alt+← is the browser’s)', () => {
    const onIndexChange = vi.fn();
    openHost({ onIndexChange });
    press('ArrowRight', { altKey: true });
    press('ArrowRight', { ctrlKey: true });
    expect(onIndexChange).not.toHaveBeenCalled();
  });

  it('keeps focus on Next at the last image: the button is aria-disabled, never disabled', () => {
    const onIndexChange = vi.fn();
    openHost({ onIndexChange, start: 3 });
    const next = screen.getByRole('button', { name: 'Next image' });
    next.focus();
    fireEvent.click(next);
    expect(counter().textContent).toBe('5 / 5');
    fireEvent.click(next);
    press('ArrowRight');
    expect(onIndexChange.mock.calls).toEqual([[4]]);
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(next.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(next);

    const previous = screen.getByRole('button', { name: 'Previous image' });
    fireEvent.click(previous);
    expect(counter().textContent).toBe('4 / 5');
    expect(next.getAttribute('aria-disabled')).toBe('false');
  });

  it('announces the counter politely, changing its text only when the image changes', () => {
    openHost();
    const live = counter();
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.getAttribute('aria-atomic')).toBe('true');
    expect(live.textContent).toBe('1 / 5');

    const observer = new MutationObserver(() => undefined);
    observer.observe(live, { subtree: true, childList: true, characterData: true, attributes: true });
    // Renders that keep the index: a toggle, and keys clamped at the first image.
    fireEvent.click(screen.getByRole('button', { name: 'Actual size' }));
    press('ArrowLeft');
    press('Home');
    expect(observer.takeRecords()).toEqual([]);
    expect(counter()).toBe(live);

    press('ArrowRight');
    expect(observer.takeRecords()).not.toEqual([]);
    expect(live.textContent).toBe('2 / 5');
    observer.disconnect();
  });

  it('has no counter or arrows for a single image', () => {
    openHost({ images: FIVE.slice(0, 1) });
    expect(document.querySelector('.tc-lightbox__counter')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next image' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Previous image' })).toBeNull();
  });

  it('loads the image shown and prefetches its neighbours only', async () => {
    const loadImage = resolvingLoader();
    openHost({ loadImage, start: 2 });
    await waitFor(() => {
      expect(loadImage).toHaveBeenCalledTimes(3);
    });
    const loaded = loadImage.mock.calls.map(([ref]) => ref.attachmentId).sort();
    expect(loaded).toEqual(['sha256:2', 'sha256:3', 'sha256:4']);
  });
});

describe('ImageLightbox caption', () => {
  it('shows name, stored size and bytes, and the original size only when downscaled', () => {
    const images = [
      { attachment: attachment(1, { width: 1600, height: 1200, originalDimensions: { width: 4000, height: 3000 }, bytes: 1_572_864 }) },
      { attachment: attachment(2, { originalDimensions: { width: 800, height: 600 } }) },
      { attachment: attachment(3, { bytes: 512 }) },
    ];
    openHost({ images });
    const details = () => document.querySelector('.tc-lightbox__details')?.textContent;
    expect(screen.getByRole('heading', { name: 'shot-1.png' })).toBeTruthy();
    expect(details()).toBe('Stored 1600 × 1200Original 4000 × 30001.5 MiB');
    press('ArrowRight');
    expect(details()).toBe('Stored 800 × 6001.5 KiB');
    press('ArrowRight');
    expect(details()).toBe('Stored 800 × 600512 B');
  });
});

describe('ImageLightbox image states', () => {
  it('says it is loading, and the download link waits, still focusable', () => {
    openHost();
    expect(screen.getByText('Loading image')).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('aria-disabled')).toBe('true');
    expect(download.hasAttribute('href')).toBe(false);
  });

  it('keeps focus on the download link when the next image is still loading', async () => {
    const loadImage: LoadImage = (ref) => (ref.attachmentId === 'sha256:1' ? Promise.resolve(urlOf(ref)) : new Promise(() => undefined));
    openHost({ loadImage });
    const download = screen.getByRole('link', { name: 'Download' });
    await waitFor(() => {
      expect(download.hasAttribute('href')).toBe(true);
    });
    download.focus();
    press('ArrowRight');
    expect(screen.getByRole('link', { name: 'Download' })).toBe(download);
    expect(download.hasAttribute('href')).toBe(false);
    expect(download.getAttribute('tabindex')).toBe('0');
    expect(document.activeElement).toBe(download);
  });

  it('shows the image and downloads it under its name from the loaded URL', async () => {
    openHost({ loadImage: resolvingLoader() });
    const image = await screen.findByRole('img', { name: 'shot-1.png' });
    expect(image.getAttribute('src')).toBe(urlOf(FIVE[0]?.attachment ?? attachment(0)));
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('download')).toBe('shot-1.png');
    expect(download.getAttribute('href')).toBe(image.getAttribute('src'));
    expect(download.hasAttribute('aria-disabled')).toBe(false);
  });

  it('names an unnamed image after its media type', async () => {
    const unnamed: AttachmentRef = { attachmentId: 'sha256:unnamed', mediaType: 'image/jpeg', bytes: 10, width: 4, height: 3 };
    openHost({ images: [{ attachment: unnamed }], loadImage: resolvingLoader() });
    expect(screen.getByRole('dialog', { name: 'image.jpg' })).toBeTruthy();
    await waitFor(() => {
      expect(screen.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('image.jpg');
    });
  });

  it('offers a retry after a failure and keeps focus in the dialog while retrying', async () => {
    let answer: (url: string) => void = () => undefined;
    const secondLoad = new Promise<string>((resolve) => {
      answer = resolve;
    });
    const loadImage = vi.fn<LoadImage>().mockRejectedValueOnce(new Error('offline')).mockReturnValueOnce(secondLoad);
    openHost({ loadImage, images: FIVE.slice(0, 1) }, { imageCache: { retries: 0 } });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('Couldn’t load the image')).toBeTruthy();
    retry.focus();
    fireEvent.click(retry);
    await screen.findByText('Loading image');
    expect(document.activeElement).toBe(document.querySelector('.tc-lightbox__stage'));
    act(() => {
      answer('https://images.test/ok');
    });
    expect(await screen.findByRole('img', { name: 'shot-1.png' })).toBeTruthy();
    expect(loadImage).toHaveBeenCalledTimes(2);
  });

  it('says plainly when the attachment is not in the store, without a retry', async () => {
    const loadImage: LoadImage = () => Promise.reject(new AttachmentNotAvailableError());
    openHost({ loadImage, images: FIVE.slice(0, 1) });
    expect(await screen.findByText('Not in the attachment store')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('toggles fit and actual size', () => {
    openHost();
    const toggle = screen.getByRole('button', { name: 'Actual size' });
    const stage = document.querySelector('.tc-lightbox__stage');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(stage?.classList.contains('tc-lightbox__stage--fit')).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(stage?.classList.contains('tc-lightbox__stage--actual')).toBe(true);
  });
});

describe('ImageLightbox zoom', () => {
  it('zooms in on the wheel and shows the level', () => {
    openHost();
    const stage = document.querySelector('.tc-lightbox__stage');
    if (stage === null) throw new Error('no stage');
    const level = () => document.querySelector('.tc-lightbox__zoom-level')?.textContent;
    expect(level()).toBe('100 %');
    act(() => {
      stage.dispatchEvent(new WheelEvent('wheel', { bubbles: true, cancelable: true, deltaY: -350 }));
    });
    // A wheel notch about 100 px: 350 px double (a stage not laid out fits at 100 %).
    expect(level()).toBe('200 %');
    expect(screen.getByRole('button', { name: 'Actual size' }).getAttribute('aria-pressed')).toBe('false');
    press('0');
    expect(level()).toBe('100 %');
  });
});

describe('ImageLightbox filmstrip', () => {
  const MANY: readonly ImageCardImage[] = Array.from({ length: 5000 }, (_, n) => ({ attachment: attachment(n) }));
  const frames = () => [...document.querySelectorAll<HTMLElement>('.tc-lightbox__frame')];

  it('holds a window of frames around the image shown, not the whole sequence of a session', () => {
    openHost({ images: MANY, start: 2500 });
    expect(frames()).toHaveLength(2 * FILMSTRIP_REACH + 1);
    expect(frames().findIndex((frame) => frame.dataset.current !== undefined)).toBe(FILMSTRIP_REACH);
    press('End');
    expect(counter().textContent).toContain('5000');
    // At the end of the sequence the window is the last images, the current one last.
    expect(frames()).toHaveLength(FILMSTRIP_REACH + 1);
    expect(frames().at(-1)?.dataset.current).toBe('true');
  });
});

describe('ImageLightbox in zh-CN', () => {
  beforeEach(() => {
    openHost({ start: 1 }, { locale: 'zh-CN' });
  });

  it('names its controls in Chinese', () => {
    for (const name of ['关闭', '上一张图像', '下一张图像', '实际大小']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: '下载' })).toBeTruthy();
  });

  it('words the caption and states in Chinese', () => {
    expect(document.querySelector('.tc-lightbox__details')?.textContent).toBe('存储尺寸 800 × 6001.5 KiB');
    expect(screen.getByText('正在加载图像')).toBeTruthy();
    expect(screen.queryByText(/Stored|Loading/)).toBeNull();
  });
});

describe('ImageLightbox backdrop', () => {
  function shownImage(): Promise<Element> {
    return waitFor(() => {
      const found = dialog().querySelector('.tc-lightbox__image');
      if (found === null) throw new Error('image not shown yet');
      return found;
    });
  }

  function pressOn(target: Element, releaseOn: Element = target): void {
    fireEvent.pointerDown(target);
    fireEvent.click(releaseOn);
  }

  it('closes on a press on the backdrop: the dialog itself or the stage around the image', () => {
    const onClose = vi.fn();
    openHost({ onClose, loadImage: resolvingLoader() });
    pressOn(dialog());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.querySelector('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'thumbnail' }));
    const stage = dialog().querySelector('.tc-lightbox__stage');
    if (stage === null) throw new Error('no stage');
    pressOn(stage);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('stays open on a press on the image, a control, the counter or the caption', async () => {
    const onClose = vi.fn();
    openHost({ onClose, loadImage: resolvingLoader() });
    const image = await shownImage();
    const targets = [
      image,
      screen.getByRole('button', { name: 'Next image' }),
      screen.getByRole('button', { name: 'Actual size' }),
      counter(),
      dialog().querySelector('.tc-lightbox__toolbar'),
      dialog().querySelector('figcaption, .tc-lightbox__caption'),
    ];
    for (const target of targets) {
      if (target === null) throw new Error('lightbox part missing');
      pressOn(target);
    }
    expect(onClose).not.toHaveBeenCalled();
    expect(document.querySelector('dialog')).not.toBeNull();
  });

  it('stays open when a press starts on the image and ends on the backdrop (a drag), or the reverse', async () => {
    const onClose = vi.fn();
    openHost({ onClose, loadImage: resolvingLoader() });
    const image = await shownImage();
    pressOn(image, dialog());
    pressOn(dialog(), image);
    expect(onClose).not.toHaveBeenCalled();
  });
});
