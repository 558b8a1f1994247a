import type { Meta, StoryObj } from '@storybook/react-vite';
import { AttachmentNotAvailableError, ImageGallery, ToolCardProvider, type ImageCardImage, type LoadImage } from '@toolcard/ui-tool-image';
import { useState, type ReactNode } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { delayed } from '../support/loaders';
import type { ToolcardParameters } from '../support/toolcard-parameters';
import { boxesOf, spyOnObjectUrls, thumbnailsOf, tilesOf, waitForDecodedImages, type ObjectUrlSpies } from './gallery-play';
import { loadPaintedBlob, loadPaintedDataUrl, paintedImage } from './painted-images';
import type { ThemeParameters } from '../support/theme';

/** Loading, failing, missing and caching: the states a thumbnail goes through. */
const meta = {
  title: 'Gallery/Image gallery states',
  component: ImageGallery,
  // Checked (axe) and captured in the dark theme too.
  parameters: { theme: { variants: ['dark'] } satisfies ThemeParameters },
  args: {
    images: [
      { attachment: paintedImage('state-photo', 1600, 1200, '#0969da', 'photo.png') },
      { attachment: paintedImage('state-portrait', 1080, 1920, '#bf3989', 'portrait.png') },
    ],
    loadImage: fn(loadPaintedBlob).mockName('loadImage'),
    align: 'start',
  },
} satisfies Meta<typeof ImageGallery>;

export default meta;
type Story = StoryObj<typeof meta>;

/** What the card shows under its gallery: it must not move either. */
function CardText(): ReactNode {
  return <pre className="tc-text">{'<type>image</type>'}</pre>;
}

const neverLoads: LoadImage = () => new Promise(() => undefined);

/** The thumbnails come near the viewport a frame after mounting; then they load. */
async function expectAllLoading(canvasElement: HTMLElement): Promise<void> {
  await waitFor(async () => {
    await expect(tilesOf(canvasElement).map((tile) => tile.dataset.status)).toEqual(['loading', 'loading']);
  });
}

let objectUrls: ObjectUrlSpies | undefined;

/** A story's `beforeEach`: watches object URLs for its play function, and stops after it. */
function watchObjectUrls(): () => void {
  objectUrls = spyOnObjectUrls();
  return objectUrls.restore;
}

function watchedObjectUrls(): ObjectUrlSpies {
  if (objectUrls === undefined) throw new Error('This story does not watch object URLs');
  return objectUrls;
}

/** Placeholders of the final size, for as long as the bytes take. */
export const Loading: Story = {
  args: { loadImage: fn(neverLoads).mockName('loadImage') },
  play: async ({ canvasElement }) => {
    await expectAllLoading(canvasElement);
  },
};

/** The bytes arrive after a while; no thumbnail and nothing below the gallery moves. */
export const BytesArriveWithoutLayoutShift: Story = {
  args: { loadImage: fn(delayed(loadPaintedBlob, 400)).mockName('loadImage') },
  render: (args) => (
    <div className="tc-card">
      <ImageGallery {...args} />
      <CardText />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const watched = [...tilesOf(canvasElement), ...canvasElement.querySelectorAll('.tc-text')];
    await expectAllLoading(canvasElement);
    const before = boxesOf(watched);
    await waitForDecodedImages(canvasElement, 2);
    await expect(boxesOf(watched)).toEqual(before);
  },
};

const failedOnce = new Set<string>();

/** Fails the first load of each attachment, then loads it. */
const loadFailingOnce: LoadImage = (ref, options) => {
  if (failedOnce.has(ref.attachmentId)) return loadPaintedBlob(ref, options);
  failedOnce.add(ref.attachmentId);
  return Promise.reject(new Error('Image service unavailable'));
};

/** A failed load says so, politely announced, with a retry that recovers; the text below stays. */
export const FailedThenRetry: Story = {
  args: { loadImage: fn(loadFailingOnce).mockName('loadImage') },
  parameters: { toolcard: { imageCache: { retries: 0 } } satisfies ToolcardParameters },
  beforeEach: () => {
    failedOnce.clear();
  },
  render: (args) => (
    <div className="tc-card">
      <ImageGallery {...args} />
      <CardText />
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const retry = await canvas.findByRole('button', { name: 'Retry photo.png' });
    await expect(canvas.getAllByRole('status').map((status) => status.textContent)).toEqual([
      'photo.png: Couldn’t load the image',
      'portrait.png: Couldn’t load the image',
    ]);
    await expect(canvas.getByText('<type>image</type>')).toBeVisible();
    await userEvent.click(retry);
    await expect(canvas.getByRole('button', { name: 'photo.png' })).toHaveFocus();
    await waitForDecodedImages(canvasElement, 1);
    await expect(canvas.getByRole('img', { name: 'photo.png' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry portrait.png' })).toBeVisible();
    await expect(args.loadImage).toHaveBeenCalledTimes(3);
  },
};

/** The store does not have the attachment: said plainly, no retry, asked once. */
export const NotInStore: Story = {
  args: { loadImage: fn<LoadImage>(() => Promise.reject(new AttachmentNotAvailableError())).mockName('loadImage') },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await waitFor(async () => {
      await expect(canvas.getAllByText('Not in the attachment store')).toHaveLength(2);
    });
    await expect(canvas.queryByRole('button', { name: /Retry/ })).toBeNull();
    await expect(args.loadImage).toHaveBeenCalledTimes(2);
  },
};

/** The same states in Chinese. */
export const NotInStoreChinese: Story = {
  ...NotInStore,
  parameters: { toolcard: { locale: 'zh-CN' } satisfies ToolcardParameters },
  play: async ({ canvasElement }) => {
    await waitFor(async () => {
      await expect(within(canvasElement).getAllByText('不在附件存储中')).toHaveLength(2);
    });
  },
};

/** Fails every load: the store has no `missing-*` attachment, and every other load fails. */
const loadNone: LoadImage = (ref) =>
  Promise.reject(ref.attachmentId.startsWith('missing-') ? new AttachmentNotAvailableError() : new Error('Image service unavailable'));

/** Whether `inner` lies within `outer` (sub-pixel rounding aside). */
function within1px(inner: DOMRect, outer: DOMRect): boolean {
  return inner.left >= outer.left - 0.5 && inner.top >= outer.top - 0.5 && inner.right <= outer.right + 0.5 && inner.bottom <= outer.bottom + 0.5;
}

/**
 * Problems in tiles too small for their words: a 1×1 image's 44 × 44 tile, a 200×30 strip's
 * 120 × 44 one. Each shows an icon that fits its tile (the words are the tooltip and the
 * description, the retry button keeps its name); a tile large enough still says it in words.
 */
export const ProblemsInSmallTiles: Story = {
  args: { loadImage: fn(loadNone).mockName('loadImage') },
  parameters: { toolcard: { imageCache: { retries: 0 } } satisfies ToolcardParameters },
  render: (args) => (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <ImageGallery {...args} images={[{ attachment: paintedImage('missing-dot', 1, 1, '#0969da', 'dot.png') }]} />
      <ImageGallery {...args} images={[{ attachment: paintedImage('broken-dot', 1, 1, '#0969da', 'pixel.png') }]} />
      <ImageGallery {...args} images={[{ attachment: paintedImage('broken-strip', 200, 30, '#1a7f37', 'strip.png') }]} />
      <ImageGallery {...args} images={[{ attachment: paintedImage('missing-photo', 1600, 1200, '#9a6700', 'photo.png') }]} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(async () => {
      await expect(tilesOf(canvasElement).map((tile) => tile.dataset.status)).toEqual(['not-available', 'failed', 'failed', 'not-available']);
    });
    for (const tile of tilesOf(canvasElement)) {
      const overlay = tile.querySelector<HTMLElement>('.tc-gallery__overlay');
      if (overlay === null) throw new Error('A tile with a problem has no overlay');
      // Nothing the overlay shows is cut off or spills out of the tile.
      await expect({ width: overlay.scrollWidth, height: overlay.scrollHeight }).toEqual({ width: overlay.clientWidth, height: overlay.clientHeight });
      const shown = [...overlay.querySelectorAll('*')].filter(
        (element) => element.getClientRects().length > 0 && getComputedStyle(element).clipPath === 'none',
      );
      await expect(shown.filter((element) => !within1px(element.getBoundingClientRect(), tile.getBoundingClientRect()))).toEqual([]);
    }
    const small = ['dot.png', 'pixel.png', 'strip.png'];
    for (const name of small) {
      const thumbnail = canvas.getByRole('button', { name });
      const problem = name === 'dot.png' ? 'Not in the attachment store' : 'Couldn’t load the image';
      await expect(thumbnail).toHaveAccessibleDescription(problem);
      await expect(thumbnail).toHaveAttribute('title', problem);
    }
    // The small tiles show icons, not words; the retry button keeps its name.
    await expect(canvas.getAllByText('Not in the attachment store').filter((text) => text.getClientRects().length > 0)).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: 'Retry pixel.png' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry strip.png' })).toBeVisible();
    const icons = [...canvasElement.querySelectorAll('.tc-gallery__problem-icon, .tc-gallery__retry-icon')].filter((icon) => icon.getClientRects().length > 0);
    await expect(icons.map((icon) => icon.closest<HTMLElement>('.tc-gallery__tile')?.querySelector('.tc-visually-hidden')?.textContent)).toEqual(small);
  },
};

/** A loader that answers with URL strings: used as they are, never turned into or revoked as object URLs. */
export const StringUrlLoader: Story = {
  args: { loadImage: fn(loadPaintedDataUrl).mockName('loadImage') },
  beforeEach: watchObjectUrls,
  play: async ({ canvasElement }) => {
    await waitForDecodedImages(canvasElement, 2);
    const sources = [...canvasElement.querySelectorAll('img')].map((image) => image.getAttribute('src') ?? '');
    await expect(sources.every((source) => source.startsWith('data:image/png;base64,'))).toBe(true);
    await expect(watchedObjectUrls().createdUrls()).toEqual([]);
  },
};

const SHARED: readonly ImageCardImage[] = [{ attachment: paintedImage('state-shared', 1200, 900, '#1a7f37', 'shared.png') }];

/** One attachment in three cards: loaded once, one object URL for all three. */
export const RepeatedAttachment: Story = {
  args: { images: SHARED },
  beforeEach: watchObjectUrls,
  render: (args) => (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <ImageGallery {...args} />
      <ImageGallery {...args} />
      <ImageGallery {...args} />
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    await waitForDecodedImages(canvasElement, 3);
    await expect(args.loadImage).toHaveBeenCalledTimes(1);
    await expect(watchedObjectUrls().createdUrls()).toHaveLength(1);
    await expect(new Set([...canvasElement.querySelectorAll('img')].map((image) => image.src)).size).toBe(1);
  },
};

/** Cards under their own provider, mounted and unmounted on demand. */
function UnmountableCards({ children, loadImage }: { readonly children: ReactNode; readonly loadImage: LoadImage }): ReactNode {
  const [mounted, setMounted] = useState(true);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 12 }}>
      <button
        type="button"
        onClick={() => {
          setMounted((current) => !current);
        }}
      >
        {mounted ? 'Unmount the cards' : 'Mount the cards'}
      </button>
      {mounted ? <ToolCardProvider loadImage={loadImage}>{children}</ToolCardProvider> : null}
    </div>
  );
}

/** Every object URL the cache made is revoked once its provider is gone, and not before. */
export const UnmountReleasesObjectUrls: Story = {
  beforeEach: watchObjectUrls,
  render: (args) => (
    <UnmountableCards loadImage={args.loadImage}>
      <ImageGallery {...args} />
      <ImageGallery {...args} />
    </UnmountableCards>
  ),
  play: async ({ canvasElement }) => {
    const { createdUrls, revokedUrls } = watchedObjectUrls();
    await waitForDecodedImages(canvasElement, 4);
    await expect(createdUrls()).toHaveLength(2);
    await expect(revokedUrls()).toEqual([]);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Unmount the cards' }));
    await expect(thumbnailsOf(canvasElement)).toEqual([]);
    await expect(revokedUrls().toSorted()).toEqual(createdUrls().toSorted());
  },
};
