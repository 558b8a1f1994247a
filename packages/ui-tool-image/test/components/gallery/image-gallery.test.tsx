import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AttachmentNotAvailableError, ImageGallery, ToolCallView, type ImageGalleryProps, type LoadImage } from '../../../src/components';
import type { Locale } from '../../../src/labels';
import { type AttachmentRef, type ImageCardImage } from '../../../src/model';
import { galleryLayout } from '../../../src/model/card/gallery-layout';
import { ToolCardProvider } from '../../../src/plugins';
import { CWD, validReadImageNode } from '../../model/builders';
import { galleryProbe, RegisterEntry } from '../harness';
import { imageRef, mockIntersectionObserver, pngBlob, trackObjectUrls } from '../image-loading/support';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

let viewport: ReturnType<typeof mockIntersectionObserver>;
beforeEach(() => {
  viewport = mockIntersectionObserver();
});

const urlLoader = () => vi.fn<LoadImage>((ref) => Promise.resolve(`https://images.test/${ref.attachmentId}`));

function imagesOf(...refs: AttachmentRef[]): readonly ImageCardImage[] {
  return refs.map((attachment) => ({ attachment }));
}

interface GalleryOptions extends Partial<Omit<ImageGalleryProps, 'images'>> {
  readonly locale?: Locale;
}

function gallery(images: readonly ImageCardImage[], { loadImage = urlLoader(), align = 'start', locale = 'en', ...rest }: GalleryOptions = {}): ReactNode {
  return (
    <ToolCardProvider loadImage={loadImage} locale={locale} imageCache={{ retries: 0 }}>
      <ImageGallery images={images} loadImage={loadImage} align={align} {...rest} />
    </ToolCardProvider>
  );
}

function tileOf(name: string): HTMLElement {
  const tile = screen.getByRole('button', { name }).closest<HTMLElement>('.tc-gallery__tile');
  if (tile === null) throw new Error(`no tile for ${name}`);
  return tile;
}

function sizeOf(element: HTMLElement): { width: string; height: string } {
  return { width: element.style.width, height: element.style.height };
}

describe('ImageGallery in a card', () => {
  it('fills tool.call.images of a read_image row through the built-in plugin, above the card text', () => {
    render(
      <ToolCardProvider loadImage={urlLoader()} cwd={CWD}>
        <ToolCallView node={validReadImageNode()} />
      </ToolCardProvider>,
    );
    const card = document.querySelector<HTMLElement>('.tc-card--image');
    if (card === null) throw new Error('no image card');
    expect(within(card).getByRole('group', { name: 'Images' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'red.png' })).toBeTruthy();
    expect(card.querySelector('.tc-gallery + .tc-card__received > .tc-text')?.textContent).toContain('<type>image</type>');
  });

  it('gives way to a gallery an embedder registers with the default priority', () => {
    const probe = galleryProbe();
    render(
      <ToolCardProvider loadImage={urlLoader()} cwd={CWD}>
        <RegisterEntry registration={probe.registration} />
        <ToolCallView node={validReadImageNode()} />
      </ToolCardProvider>,
    );
    expect(screen.getByTestId('gallery').textContent).toBe('gallery of 1');
    expect(document.querySelector('.tc-gallery')).toBeNull();
  });
});

describe('ImageGallery with no images', () => {
  it('renders nothing: no empty labelled group', () => {
    const { container } = render(gallery([]));
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('group')).toBeNull();
  });
});

describe('ImageGallery thumbnails', () => {
  it('sizes each thumbnail from its reference before any bytes arrive, and keeps that size when they do', async () => {
    const images = imagesOf(imageRef('wide', 4000, 100, 'wide.png'), imageRef('photo', 1600, 1200, 'photo.png'));
    const layout = galleryLayout(images.map((image) => image.attachment));
    const expected = layout.rows.flat().map((tile) => (tile.kind === 'image' ? tile.thumbnail : undefined));
    render(gallery(images));

    const tiles = [tileOf('wide.png'), tileOf('photo.png')];
    const before = tiles.map(sizeOf);
    expect(before).toEqual(expected.map((thumbnail) => ({ width: `${thumbnail?.width}px`, height: `${thumbnail?.height}px` })));
    expect(tiles.map((tile) => tile.getAttribute('data-status'))).toEqual(['idle', 'idle']);
    expect(document.querySelectorAll('img')).toHaveLength(0);

    viewport.bringNear();
    await waitFor(() => {
      expect(screen.getAllByRole('img')).toHaveLength(2);
    });
    expect(tiles.map(sizeOf)).toEqual(before);
    const wide = screen.getByRole('img', { name: 'wide.png' });
    expect(wide.getAttribute('src')).toBe('https://images.test/wide');
    expect([wide.getAttribute('width'), wide.getAttribute('height')]).toEqual([`${expected[0]?.imageWidth}`, `${expected[0]?.imageHeight}`]);
    expect(wide.style.objectPosition).toBe('left');
  });

  it('shows a placeholder of the image box while idle or loading', async () => {
    render(gallery(imagesOf(imageRef('photo', 1600, 1200, 'photo.png')), { loadImage: () => new Promise(() => undefined) }));
    const placeholder = () => tileOf('photo.png').querySelector<HTMLElement>('.tc-gallery__placeholder');
    const idle = placeholder();
    expect(idle === null ? null : sizeOf(idle)).toEqual({ width: '240px', height: '180px' });
    viewport.bringNear();
    await waitFor(() => {
      expect(tileOf('photo.png').getAttribute('data-status')).toBe('loading');
    });
    expect(placeholder()).not.toBeNull();
  });

  it('requests nothing until a thumbnail is near the viewport, then only that one', async () => {
    const loadImage = urlLoader();
    render(gallery(imagesOf(imageRef('a', 800, 600, 'a.png'), imageRef('b', 800, 600, 'b.png')), { loadImage }));
    await act(() => Promise.resolve());
    expect(loadImage).not.toHaveBeenCalled();
    viewport.bringNear([tileOf('b.png')]);
    await waitFor(() => {
      expect(tileOf('b.png').getAttribute('data-status')).toBe('ready');
    });
    expect(loadImage.mock.calls.map(([ref]) => ref.attachmentId)).toEqual(['b']);
    expect(tileOf('a.png').getAttribute('data-status')).toBe('idle');
  });

  it('loads at mount where IntersectionObserver does not exist', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const loadImage = urlLoader();
    render(gallery(imagesOf(imageRef('a', 800, 600, 'a.png')), { loadImage }));
    await waitFor(() => {
      expect(screen.getByRole('img', { name: 'a.png' })).toBeTruthy();
    });
    expect(loadImage).toHaveBeenCalledTimes(1);
  });

  it('loads an attachment shown in three cards once, into one object URL', async () => {
    const urls = trackObjectUrls();
    const loadImage = vi.fn<LoadImage>(() => Promise.resolve(pngBlob()));
    const images = imagesOf(imageRef('same', 800, 600, 'same.png'));
    const view = render(
      <ToolCardProvider loadImage={loadImage}>
        {[1, 2, 3].map((card) => (
          <ImageGallery key={card} images={images} loadImage={loadImage} align="start" />
        ))}
      </ToolCardProvider>,
    );
    viewport.bringNear();
    await waitFor(() => {
      expect(screen.getAllByRole('img', { name: 'same.png' })).toHaveLength(3);
    });
    expect(loadImage).toHaveBeenCalledTimes(1);
    expect(urls.create).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(urls.live.size).toBe(0);
  });

  it('names a thumbnail by the image, "Image" / "图像" when the reference has no name, with the name as text', () => {
    const unnamed = imagesOf(imageRef('unnamed'));
    render(gallery(unnamed));
    const button = screen.getByRole('button', { name: 'Image' });
    expect(button.hasAttribute('aria-label')).toBe(false);
    cleanup();
    render(gallery(unnamed, { locale: 'zh-CN' }));
    expect(screen.getByRole('group', { name: '图像列表' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '图像' })).toBeTruthy();
  });

  it('aligns to the end of the card when asked', () => {
    render(gallery(imagesOf(imageRef('a')), { align: 'end' }));
    expect(screen.getByRole('group', { name: 'Images' }).getAttribute('data-align')).toBe('end');
  });
});

describe('ImageGallery failures', () => {
  it('announces a failure politely and retries on request, focus kept on the thumbnail, the card text kept', async () => {
    const loadImage = vi.fn<LoadImage>().mockRejectedValueOnce(new Error('network down')).mockResolvedValue('https://images.test/red.png');
    render(
      <ToolCardProvider loadImage={loadImage} cwd={CWD} imageCache={{ retries: 0 }}>
        <ToolCallView node={validReadImageNode()} />
      </ToolCardProvider>,
    );
    viewport.bringNear();
    const retry = await screen.findByRole('button', { name: 'Retry red.png' });
    expect(screen.getByRole('status').textContent).toBe('red.png: Couldn’t load the image');
    expect(screen.getByRole('button', { name: 'red.png' }).getAttribute('aria-describedby')).not.toBeNull();
    expect(document.querySelector('.tc-card--image .tc-text')?.textContent).toContain('<type>image</type>');

    fireEvent.click(retry);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'red.png' }));
    await waitFor(() => {
      expect(screen.getByRole('img', { name: 'red.png' })).toBeTruthy();
    });
    expect(screen.getByRole('status').textContent).toBe('');
    expect(loadImage).toHaveBeenCalledTimes(2);
  });

  it('says plainly that an attachment is not in the store, with no retry, loading it once', async () => {
    const loadImage = vi.fn<LoadImage>(() => Promise.reject(new AttachmentNotAvailableError()));
    render(gallery(imagesOf(imageRef('gone', 800, 600, 'gone.png')), { loadImage }));
    viewport.bringNear();
    await waitFor(() => {
      expect(tileOf('gone.png').getAttribute('data-status')).toBe('not-available');
    });
    expect(tileOf('gone.png').querySelector('.tc-gallery__problem')?.textContent).toBe('Not in the attachment store');
    expect(screen.getByRole('status').textContent).toBe('gone.png: Not in the attachment store');
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(loadImage).toHaveBeenCalledTimes(1);
  });

  it('names the store’s reason when the loader gives one (the store refused the bytes), with no retry, in the tile and its lightbox', async () => {
    const reason = 'the image is 30000x30000 px; each side may be at most 8192 px';
    const loadImage = vi.fn<LoadImage>(() => Promise.reject(new AttachmentNotAvailableError(`refused: ${reason}`, { reason })));
    render(gallery(imagesOf(imageRef('bomb', 800, 600, 'bomb.png')), { loadImage }));
    viewport.bringNear();
    await waitFor(() => {
      expect(tileOf('bomb.png').getAttribute('data-status')).toBe('not-available');
    });
    expect(tileOf('bomb.png').querySelector('.tc-gallery__problem')?.textContent).toBe(`Not shown: ${reason}`);
    expect(screen.getByRole('status').textContent).toBe(`bomb.png: Not shown: ${reason}`);
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'bomb.png' }));
    expect(within(screen.getByRole('dialog')).getByText(`Not shown: ${reason}`)).toBeTruthy();
    expect(loadImage).toHaveBeenCalledTimes(1);
  });
});

describe('ImageGallery and the lightbox', () => {
  const seven = imagesOf(...[1, 2, 3, 4, 5, 6, 7].map((n) => imageRef(`id-${n}`, 800, 600, `shot-${n}.png`)));

  it('shows at most six tiles, the last a "+N" tile that opens the lightbox at the first hidden image', () => {
    render(gallery(seven));
    expect(screen.getAllByRole('button', { name: /^shot-/ }).map((button) => button.textContent)).toEqual([
      'shot-1.png',
      'shot-2.png',
      'shot-3.png',
      'shot-4.png',
      'shot-5.png',
    ]);
    const more = screen.getByRole('button', { name: 'Show 2 more images' });
    expect(more.textContent).toBe('+2');
    fireEvent.click(more);
    expect(within(screen.getByRole('dialog')).getByText('6 / 7')).toBeTruthy();
  });

  it('honours a smaller maxVisible', () => {
    render(gallery(seven, { maxVisible: 3 }));
    expect(screen.getAllByRole('button', { name: /^shot-/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Show 5 more images' })).toBeTruthy();
  });

  it('opens the lightbox at the clicked image and hands focus back to that thumbnail when it closes', () => {
    render(gallery(seven));
    const third = screen.getByRole('button', { name: 'shot-3.png' });
    fireEvent.click(third);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('3 / 7')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(third);
  });
});
