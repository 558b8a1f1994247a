import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AttachmentRef } from '@toolcard/ui-tool-image';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { attachmentUrl } from '../support/attachment-store';
import { imagesIn, recordedLog, recordedLogText } from '../support/recorded-logs';
import { OpenLog } from './open-log';

/** A recorded session with four image cards over three attachments: the login screen twice, the banner, the portrait. */
const LOG_NAME = 'sessions/07-several-images';
const LOG_FILE_NAME = '07-several-images.jsonl';
/** Every attachment the log shows, once each; their bytes come from the recorded attachment store. */
const IMAGES = imagesIn(recordedLog(LOG_NAME));
const WITHOUT_PORTRAIT = IMAGES.filter((image) => image.name !== 'portrait.jpg');

/** The image cards in log order, with the pixel size of the recorded image each must show. */
const LOGIN_SCREEN = { label: 'screenshots/login-screen.png', size: [640, 400] };
const BANNER = { label: 'images/banner.webp', size: [320, 120] };
const PORTRAIT = { label: 'photos/portrait.jpg', size: [80, 120] };
const CARDS = [LOGIN_SCREEN, BANNER, PORTRAIT, LOGIN_SCREEN];

function logFile(): File {
  return new File([recordedLogText(LOG_NAME)], LOG_FILE_NAME, { type: 'application/jsonl' });
}

/** Recorded attachments' bytes under meaningless names, as QA copies object files out of a store. */
function attachmentFiles(images: readonly AttachmentRef[]): Promise<File[]> {
  return Promise.all(
    images.map(async ({ attachmentId }, index) => {
      const url = attachmentUrl(attachmentId);
      if (url === undefined) throw new Error(`${attachmentId} is not in the recorded attachment store`);
      const bytes = await (await fetch(url)).blob();
      return new File([bytes], `object-${String(index + 1)}.bin`, { type: 'application/octet-stream' });
    }),
  );
}

function statusText(canvasElement: HTMLElement): HTMLElement | null {
  return canvasElement.querySelector<HTMLElement>('.open-log__status');
}

function imageCards(canvasElement: HTMLElement): HTMLElement[] {
  return Array.from(canvasElement.querySelectorAll<HTMLElement>('.tc-card--image'));
}

function naturalSize(tile: HTMLElement | null): number[] {
  const image = tile?.querySelector('img');
  return image ? [image.naturalWidth, image.naturalHeight] : [];
}

/**
 * Scrolls each card's tile into view (tiles load near the viewport) and waits for the status it
 * must settle in; a ready tile must show its own recorded image, not some other supplied file.
 */
async function expectTileStatuses(canvasElement: HTMLElement, statuses: readonly string[]): Promise<void> {
  const cards = imageCards(canvasElement);
  await expect(cards.map((card) => card.querySelector('.tc-card__label')?.textContent)).toEqual(CARDS.map((card) => card.label));
  for (const [index, card] of cards.entries()) {
    const tile = card.querySelector<HTMLElement>('.tc-gallery__tile');
    tile?.scrollIntoView({ block: 'center' });
    await waitFor(() => expect(tile).toHaveAttribute('data-status', statuses[index]), { timeout: 5000 });
    if (statuses[index] === 'ready') await waitFor(() => expect(naturalSize(tile)).toEqual(CARDS[index]?.size));
  }
  canvasElement.ownerDocument.defaultView?.scrollTo(0, 0);
}

async function expectNoRawAttachment(canvasElement: HTMLElement): Promise<void> {
  await expect(canvasElement.ownerDocument.body.innerHTML).not.toContain('attachmentId');
}

function dragEvent(type: 'dragover' | 'dragleave' | 'drop', dataTransfer: DataTransfer): DragEvent {
  return new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer });
}

const meta = {
  title: 'Replay/Open a log',
  component: OpenLog,
  render: (_args, { globals }) => <OpenLog locale={globals.locale === 'zh-CN' ? 'zh-CN' : 'en'} />,
} satisfies Meta<typeof OpenLog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** QA picks a recorded log and two of its three attachment files; files are matched by sha256, never by name. */
export const OpenALog: Story = {
  name: 'Open a log',
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('open the log', async () => {
      await userEvent.upload(canvas.getByLabelText('Session log (.jsonl)'), logFile());
      await waitFor(() => expect(imageCards(canvasElement)).toHaveLength(CARDS.length));
      await expect(statusText(canvasElement)).toHaveTextContent(`Log: ${LOG_FILE_NAME}. 0 attachment file(s) supplied.`);
    });
    await step('supply the login screen and the banner under other names', async () => {
      await expect(WITHOUT_PORTRAIT.map((image) => image.name)).toEqual(['login-screen.png', 'banner.webp']);
      await userEvent.upload(
        canvas.getByLabelText('Attachment files (any names)'),
        await attachmentFiles(WITHOUT_PORTRAIT),
      );
      await waitFor(() => expect(statusText(canvasElement)).toHaveTextContent('2 attachment file(s) supplied.'));
    });
    await step('supplied images load, the portrait is not in the store', async () => {
      await expectTileStatuses(canvasElement, ['ready', 'ready', 'not-available', 'ready']);
      const portrait = imageCards(canvasElement)[CARDS.indexOf(PORTRAIT)];
      if (portrait === undefined) throw new Error('No portrait card');
      await expect(within(portrait).getByText('Not in the attachment store')).toBeVisible();
    });
    await step('no raw attachment reference on the page', () => expectNoRawAttachment(canvasElement));
  },
};

/** QA drops the log and every attachment file at once on the drop zone. */
export const DropALogAndItsAttachments: Story = {
  name: 'Drop a log and its attachments',
  play: async ({ canvasElement, step }) => {
    const dropZone = canvasElement.querySelector<HTMLElement>('.open-log__drop');
    if (dropZone === null) throw new Error('No drop zone');
    const files = new DataTransfer();
    files.items.add(logFile());
    for (const file of await attachmentFiles(IMAGES)) files.items.add(file);
    await step('dragging over the zone shows it, leaving clears it', async () => {
      dropZone.dispatchEvent(dragEvent('dragover', files));
      await waitFor(() => expect(dropZone).toHaveAttribute('data-dragging', 'true'));
      dropZone.dispatchEvent(dragEvent('dragleave', files));
      await waitFor(() => expect(dropZone).toHaveAttribute('data-dragging', 'false'));
    });
    await step('drop the log and its three attachment files', async () => {
      await expect(IMAGES).toHaveLength(3);
      dropZone.dispatchEvent(dragEvent('dragover', files));
      const drop = dragEvent('drop', files);
      dropZone.dispatchEvent(drop);
      await expect(drop.defaultPrevented).toBe(true);
      await waitFor(() => expect(statusText(canvasElement)).toHaveTextContent(`Log: ${LOG_FILE_NAME}. 3 attachment file(s) supplied.`));
      await expect(dropZone).toHaveAttribute('data-dragging', 'false');
    });
    await step('every image loads', () => expectTileStatuses(canvasElement, ['ready', 'ready', 'ready', 'ready']));
    await step('no raw attachment reference on the page', () => expectNoRawAttachment(canvasElement));
  },
};
