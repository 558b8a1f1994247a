import type { Meta, StoryObj } from '@storybook/react-vite';
import { callTreeFromMcp, MCP_PRESENTATION_META_KEY, type LoadImage, type McpToolCall } from '@toolcard/ui-tool-image';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { cardLabelOf, disclosureOf, rowOf } from '../support/row-queries';
import type { ThemeParameters } from '../support/theme';
import type { ToolcardParameters } from '../support/toolcard-parameters';
import { workspaceImageBase64, workspaceImageUrl } from '../support/workspace-image-data';
import { AdaptedCalls } from './adapted-calls';

/** Results exactly as an MCP client receives them (`CallToolResult`), images inline as base64. */
interface McpStoryData {
  readonly calls: readonly McpToolCall[];
}

const appLoadImage = fn<LoadImage>((ref) => {
  // The app resolves what it links to; inline images never reach it (the built-in loader serves them).
  if (ref.attachmentId === 'https://cdn.example/banner.webp') return Promise.resolve(workspaceImageUrl('images/banner.webp'));
  return Promise.reject(new Error(`The app has no image ${ref.attachmentId}`));
}).mockName('app loadImage');

const meta = {
  title: 'Adapters/MCP result',
  parameters: {
    toolcard: { loadImage: appLoadImage, cwd: '/home/qa/project' } satisfies ToolcardParameters,
    theme: { variants: ['dark'] } satisfies ThemeParameters,
  },
  beforeEach: () => {
    appLoadImage.mockClear();
  },
  render: (_args, { loaded }) => <AdaptedCalls tree={callTreeFromMcp((loaded as McpStoryData).calls)} />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

async function expectNoBase64OnPage(canvasElement: HTMLElement, data: string): Promise<void> {
  await expect(canvasElement.ownerDocument.documentElement.outerHTML).not.toContain(data.slice(0, 48));
}

async function imagesShown(row: HTMLElement, count: number): Promise<void> {
  await waitFor(() => expect(row.querySelectorAll('.tc-gallery__tile[data-status="ready"]')).toHaveLength(count), { timeout: 5000 });
}

/** `read_image` served by `toolcard-mcp`: the envelope, the image, and the display path in `_meta`. */
export const Success: Story = {
  loaders: [
    async (): Promise<McpStoryData> => {
      const data = await workspaceImageBase64('screenshots/login-screen.png');
      return {
        calls: [
          {
            id: 'mcp-1',
            name: 'read_image',
            arguments: { file_path: 'screenshots/login-screen.png' },
            result: {
              content: [
                {
                  type: 'text',
                  text: '<path>/home/qa/project/screenshots/login-screen.png</path>\n<type>image</type>\n<content>\nimage/png image, 640x400 px, 7190 bytes\n</content>',
                },
                { type: 'image', data, mimeType: 'image/png' },
              ],
              _meta: { [MCP_PRESENTATION_META_KEY]: { path: '/home/qa/project/screenshots/login-screen.png' } },
            },
          },
        ],
      };
    },
  ],
  play: async ({ canvasElement, loaded }) => {
    const row = rowOf(canvasElement, 'mcp-1');
    await expect(row).toHaveAttribute('data-state', 'done');
    await expect(cardLabelOf(row, 'screenshots/login-screen.png')).toBeInTheDocument();
    await imagesShown(row, 1);
    await expect(appLoadImage).not.toHaveBeenCalled();
    const [call] = (loaded as McpStoryData).calls;
    const image = call?.result?.content?.[1] as { data: string } | undefined;
    await expectNoBase64OnPage(canvasElement, image?.data ?? '');
    // One label everywhere: the thumbnail and the lightbox are called what the card is called.
    await userEvent.click(within(row).getByRole('button', { name: 'screenshots/login-screen.png' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    // The lightbox fades in (unless motion is reduced): visible once it has.
    await waitFor(() => expect(within(dialog).getByText('640 × 400', { exact: false })).toBeVisible());
    await expect(within(dialog).getByText('screenshots/login-screen.png')).toBeVisible();
    await userEvent.keyboard('{Escape}');
  },
};

/** A tool that returns several images and no file path: labelled with its name, one gallery. */
export const SeveralImages: Story = {
  loaders: [
    async (): Promise<McpStoryData> => {
      const [login, spinner, portrait] = await Promise.all(
        ['screenshots/login-screen.png', 'images/spinner.gif', 'photos/portrait.jpg'].map(workspaceImageBase64),
      );
      return {
        calls: [
          {
            id: 'mcp-many',
            name: 'capture_screens',
            arguments: { screens: 3 },
            result: {
              content: [
                { type: 'text', text: 'Captured 3 screens.' },
                { type: 'image', data: login ?? '', mimeType: 'image/png' },
                { type: 'image', data: spinner ?? '', mimeType: 'image/gif' },
                { type: 'image', data: portrait ?? '', mimeType: 'image/jpeg' },
              ],
            },
          },
        ],
      };
    },
  ],
  play: async ({ canvasElement }) => {
    const row = rowOf(canvasElement, 'mcp-many');
    await expect(cardLabelOf(row, 'capture_screens')).toBeVisible();
    await imagesShown(row, 3);
    await expect(within(row).getByText('Captured 3 screens.')).toBeVisible();
    await expect(appLoadImage).not.toHaveBeenCalled();
  },
};

/** `isError: true`: no card, the message says why while the row is collapsed. */
export const ErrorResult: Story = {
  loaders: [
    (): McpStoryData => ({
      calls: [
        {
          id: 'mcp-error',
          name: 'read_image',
          arguments: { file_path: 'diagram.svg' },
          result: {
            content: [{ type: 'text', text: 'Error: diagram.svg is an SVG image, which read_image does not read. Export it as PNG and read that file.' }],
            isError: true,
          },
        },
      ],
    }),
  ],
  play: async ({ canvasElement }) => {
    const row = rowOf(canvasElement, 'mcp-error');
    await expect(row).toHaveAttribute('data-state', 'error');
    await expect(disclosureOf(row)).toHaveAttribute('aria-expanded', 'false');
    await expect(disclosureOf(row)).toHaveAccessibleName(/^Read image Failed diagram\.svg is an SVG image/);
    await expect(row.querySelector('.tc-gallery')).toBeNull();
  },
};

/** A `resource_link` to an image: the app's loader resolves the link (here to a workspace file). */
export const ResourceLink: Story = {
  loaders: [
    (): McpStoryData => ({
      calls: [
        {
          id: 'mcp-link',
          name: 'find_banner',
          arguments: { path: 'images/banner.webp' },
          result: {
            content: [
              { type: 'text', text: 'The banner is stored on the CDN.' },
              { type: 'resource_link', uri: 'https://cdn.example/banner.webp', name: 'banner.webp', mimeType: 'image/webp' },
            ],
          },
        },
      ],
    }),
  ],
  play: async ({ canvasElement }) => {
    const row = rowOf(canvasElement, 'mcp-link');
    await expect(cardLabelOf(row, 'images/banner.webp')).toBeInTheDocument();
    await imagesShown(row, 1);
    await expect(appLoadImage).toHaveBeenCalledTimes(1);
    await expect(appLoadImage.mock.calls[0]?.[0].attachmentId).toBe('https://cdn.example/banner.webp');
  },
};

/** Audio and an embedded document cannot be shown: short placeholders keep their place beside the image. */
export const AudioPlaceholder: Story = {
  loaders: [
    async (): Promise<McpStoryData> => ({
      calls: [
        {
          id: 'mcp-audio',
          name: 'record_demo',
          arguments: {},
          result: {
            content: [
              { type: 'text', text: 'Recorded the demo.' },
              { type: 'audio', data: 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=', mimeType: 'audio/wav' },
              { type: 'resource', resource: { uri: 'file:///home/qa/project/demo.md', mimeType: 'text/markdown', text: '# Demo' } },
              { type: 'image', data: await workspaceImageBase64('images/spinner.gif'), mimeType: 'image/gif' },
            ],
          },
        },
      ],
    }),
  ],
  play: async ({ canvasElement }) => {
    const row = rowOf(canvasElement, 'mcp-audio');
    await imagesShown(row, 1);
    await expect(within(row).getByText(/\[audio: audio\/wav\]/)).toBeVisible();
    await expect(within(row).getByText(/\[resource: file:\/\/\/home\/qa\/project\/demo\.md\]/)).toBeVisible();
    await expectNoBase64OnPage(canvasElement, 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=');
  },
};
