import type { Meta, StoryObj } from '@storybook/react-vite';
import { ImageGallery, type ImageCardImage } from '@toolcard/ui-tool-image';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { expectKeyboardReachesEachThumbnail, tilesOf, waitForDecodedImages } from './gallery-play';
import { loadPaintedBlob, paintedImage } from './painted-images';
import type { ThemeParameters } from '../support/theme';

/** Layouts for design review: how many images, which aspects, which sizes. */
const meta = {
  title: 'Gallery/Image gallery',
  component: ImageGallery,
  tags: ['autodocs'],
  // Checked (axe) and captured in the dark theme too.
  parameters: { theme: { variants: ['dark'] } satisfies ThemeParameters },
  args: { images: [], loadImage: fn(loadPaintedBlob).mockName('loadImage'), align: 'start' },
} satisfies Meta<typeof ImageGallery>;

export default meta;
type Story = StoryObj<typeof meta>;

const PALETTE = ['#0969da', '#1a7f37', '#bf3989', '#9a6700', '#8250df', '#cf222e', '#1b7c83'];
const SHAPES: readonly (readonly [number, number])[] = [
  [1600, 1200],
  [1080, 1920],
  [1200, 1200],
  [1920, 1080],
  [800, 1000],
  [2048, 512],
  [640, 480],
];

function shots(count: number): readonly ImageCardImage[] {
  return SHAPES.slice(0, count).map(([width, height], index) => ({
    attachment: paintedImage(`story-shot-${index + 1}`, width, height, PALETTE[index] ?? '#57606a', `shot-${index + 1}.png`),
  }));
}

function single(id: string, width: number, height: number, name: string): readonly ImageCardImage[] {
  return [{ attachment: paintedImage(id, width, height, '#0969da', name) }];
}

/** The lone image box: its long edge is 240 px. */
export const OneImage: Story = {
  args: { images: shots(1) },
  play: async ({ canvasElement }) => {
    await waitForDecodedImages(canvasElement, 1);
    const [tile] = tilesOf(canvasElement);
    await expect(tile?.getBoundingClientRect()).toMatchObject({ width: 240, height: 180 });
  },
};

export const TwoImages: Story = { args: { images: shots(2) } };

export const ThreeImages: Story = { args: { images: shots(3) } };

export const FourImages: Story = { args: { images: shots(4) } };

/** Six tiles at most: five images and a "+2" tile that opens the lightbox at the sixth. Keyboard reaches each. */
export const SevenImages: Story = {
  args: { images: shots(7) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button', { name: /^shot-/ })).toHaveLength(5);
    await expectKeyboardReachesEachThumbnail(canvasElement);
    await userEvent.keyboard('{Enter}');
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    // The dialog may still be fading in (no reduced motion here): wait until it shows.
    await waitFor(() => expect(within(dialog).getByText('6 / 7')).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('button', { name: 'Show 2 more images' })).toHaveFocus();
  },
};

/**
 * A lone image whose box is checked in Chromium: its aspect clamped to [1/4, 4] first, then the
 * box shrunk as a whole until it is nowhere larger than the image, cropped at its anchor.
 */
function boxStory(id: string, [width, height]: readonly [number, number], box: { width: number; height: number }, objectPosition: string): Story {
  return {
    args: { images: single(id, width, height, `${id}.png`) },
    play: async ({ canvasElement }) => {
      await waitForDecodedImages(canvasElement, 1);
      const image = canvasElement.querySelector('img');
      await expect(image?.getBoundingClientRect()).toMatchObject(box);
      await expect(image && getComputedStyle(image).objectPosition).toBe(objectPosition);
    },
  };
}

/** 2001×1: a 4:1 box scaled up to the 44 px tile (44×11, pixelated), cropped at the left: a visible bar, not a 4×1 dash. */
export const VeryWideImage = boxStory('hairline-wide', [2001, 1], { width: 44, height: 11 }, '0% 50%');

/** 1×2001: as above, turned; a very tall image keeps its top. */
export const VeryTallImage = boxStory('hairline-tall', [1, 2001], { width: 11, height: 44 }, '50% 0%');

/** 30×1000, narrower than the box: 1/4, then 30×120 (not 30×240, which would be 1/8). */
export const NarrowTallImage = boxStory('narrow-tall', [30, 1000], { width: 30, height: 120 }, '50% 0%');

/** 200×30, lower than the box: 4:1, then 120×30 (not 200×30, which would be 6.7:1). */
export const ShortWideImage = boxStory('short-wide', [200, 30], { width: 120, height: 30 }, '0% 50%');

/** Beyond 4:1 a box stops growing thinner and crops: a wide panorama keeps its left, a long page its top. */
export const ClampedAspects: Story = {
  args: {
    images: [
      { attachment: paintedImage('story-panorama', 4000, 400, '#1a7f37', 'panorama.png') },
      { attachment: paintedImage('story-page', 400, 4000, '#8250df', 'long-page.png') },
    ],
  },
};

/** A single panorama: 240 × 60, its left end shown. */
export const ClampedWideImage: Story = { args: { images: single('story-panorama-alone', 4000, 400, 'panorama.png') } };

/** A single long page: 60 × 240, its top shown. */
export const ClampedTallImage: Story = { args: { images: single('story-page-alone', 400, 4000, 'long-page.png') } };

/** Smaller than the box: shown at its own size, never upscaled. */
export const SmallImage: Story = { args: { images: single('story-small', 120, 60, 'icon-strip.png') } };

/** A 12 px icon keeps its size inside a 44 × 44 hit area. */
export const TinyImage: Story = {
  args: { images: single('story-tiny', 12, 12, 'favicon.png') },
  play: async ({ canvasElement }) => {
    await waitForDecodedImages(canvasElement, 1);
    await expect(within(canvasElement).getByRole('button', { name: 'favicon.png' }).getBoundingClientRect()).toMatchObject({
      width: 44,
      height: 44,
    });
  },
};

/** Without a recorded name the thumbnail is called "Image". */
export const UnnamedImage: Story = {
  args: { images: [{ attachment: paintedImage('story-unnamed', 800, 600, '#1b7c83') }] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Image' })).toBeVisible();
  },
};

/** Aligned to the end, as in a message from the user's side. */
export const AlignedEnd: Story = {
  args: { images: shots(3), align: 'end' },
  render: (args) => (
    <div style={{ width: 560, border: '1px dashed var(--tc-border)' }}>
      <ImageGallery {...args} />
    </div>
  ),
};
