import type { Meta, StoryObj } from '@storybook/react-vite';
import { parseSessionLog, SessionReplay, type AttachmentRef } from '@toolcard/ui-tool-image';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { loadRecordedAttachment } from '../support/attachment-store';
import { fixtureImageUrl, RED_PNG } from '../support/fixture-images';
import { rowOf } from '../support/row-queries';
import { imageResultContent, sessionLog, STORY_CWD, toolCall, toolResult, userMessage } from '../support/session-log';
import type { ToolcardParameters } from '../support/toolcard-parameters';
import { OpenLog } from './open-log';

const RAW_PATH = `${STORY_CWD}/assets/red.png`;
const CALL_ID = 'read-1';
/** An id no store holds: the card must say so, not break. */
const UNKNOWN: AttachmentRef = {
  ...RED_PNG,
  attachmentId: 'sha256:0000000000000000000000000000000000000000000000000000000000000000',
  name: 'gone.png',
};

/** A read_image result with two images: red.png (suppliable) and one nobody has. */
const TWO_IMAGE_LOG = sessionLog([
  userMessage('Look at assets/red.png.'),
  toolCall(CALL_ID, 'read_image', { file_path: RAW_PATH }),
  toolResult(CALL_ID, [...imageResultContent(RAW_PATH, RED_PNG), { type: 'image', attachment: UNKNOWN }], {
    meta: { path: RAW_PATH },
  }),
]);

function openLogStatus(canvasElement: HTMLElement): HTMLElement | null {
  return canvasElement.querySelector<HTMLElement>('.open-log__status');
}

function tileStatuses(canvasElement: HTMLElement): (string | undefined)[] {
  return Array.from(canvasElement.querySelectorAll<HTMLElement>('.tc-gallery__tile'), (tile) => tile.dataset.status);
}

async function expectReadyThenNotAvailable(canvasElement: HTMLElement): Promise<void> {
  await expect(canvasElement.querySelectorAll('.tc-card--image')).toHaveLength(1);
  await waitFor(() => expect(tileStatuses(canvasElement)).toEqual(['ready', 'not-available']), { timeout: 5000 });
  await expect(within(canvasElement).getByText('Not in the attachment store')).toBeInTheDocument();
  await expect(canvasElement.ownerDocument.body.innerHTML).not.toContain('attachmentId');
}

const meta = {
  title: 'Replay/Open a log',
  component: OpenLog,
} satisfies Meta<typeof OpenLog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** QA opens a `.jsonl` log and the attachment files they have; matched by sha256, never by name. */
export const OpenALog: Story = {
  name: 'Open a log',
  render: (_args, { globals }) => <OpenLog locale={globals.locale === 'zh-CN' ? 'zh-CN' : 'en'} />,
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('supply red.png under another name', async () => {
      const url = fixtureImageUrl(RED_PNG.attachmentId);
      if (url === undefined) throw new Error('red.png fixture missing');
      const bytes = await (await fetch(url)).blob();
      await userEvent.upload(canvas.getByLabelText('Attachment files (any names)'), [
        new File([bytes], 'object-1.bin', { type: 'application/octet-stream' }),
      ]);
      await waitFor(() => expect(openLogStatus(canvasElement)).toHaveTextContent('1 attachment file(s) supplied.'));
    });
    await step('open the log', async () => {
      await userEvent.upload(
        canvas.getByLabelText('Session log (.jsonl)'),
        new File([TWO_IMAGE_LOG], 'two-images.jsonl', { type: 'application/jsonl' }),
      );
      await waitFor(() => expect(rowOf(canvasElement, CALL_ID)).toHaveAttribute('data-state', 'done'));
      await expect(openLogStatus(canvasElement)).toHaveTextContent('Log: two-images.jsonl.');
    });
    await step('supplied image loads, the other is not available', () => expectReadyThenNotAvailable(canvasElement));
  },
};

/** The fixture store loader: ids in the index (or the reference red.png) load, others are not available. */
export const FixtureAttachmentStore: Story = {
  name: 'Fixture attachment store',
  parameters: { toolcard: { loadImage: loadRecordedAttachment } satisfies ToolcardParameters },
  render: () => <SessionReplay log={parseSessionLog(TWO_IMAGE_LOG)} />,
  play: async ({ canvasElement }) => {
    await expect(rowOf(canvasElement, CALL_ID)).toHaveAttribute('data-state', 'done');
    await expectReadyThenNotAvailable(canvasElement);
  },
};
