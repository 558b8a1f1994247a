import type { Meta, StoryObj } from '@storybook/react-vite';
import { conversationFromUIMessages, type LoadImage, type UIMessageLike } from '@toolcard/ui-tool-image';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { cardLabelOf, disclosureOf, rowOf } from '../support/row-queries';
import type { ThemeParameters } from '../support/theme';
import type { ToolcardParameters } from '../support/toolcard-parameters';
import { workspaceImageBase64 } from '../support/workspace-image-data';
import { AdaptedConversation } from './adapted-calls';

/** Messages as `useChat` holds them (`UIMessage[]`), one tool part per state the SDK defines. */
interface ChatStoryData {
  readonly messages: readonly UIMessageLike[];
}

const appLoadImage = fn<LoadImage>(() => Promise.reject(new Error('Inline images never reach the app loader'))).mockName('app loadImage');

const meta = {
  title: 'Adapters/AI SDK tool part',
  parameters: {
    toolcard: { loadImage: appLoadImage, cwd: '/home/qa/project' } satisfies ToolcardParameters,
    theme: { variants: ['dark'] } satisfies ThemeParameters,
  },
  beforeEach: () => {
    appLoadImage.mockClear();
  },
  render: (_args, { loaded }) => <AdaptedConversation items={conversationFromUIMessages((loaded as ChatStoryData).messages).items} />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const CALL_ID = 'tool-call-1';
const INPUT = { file_path: 'screenshots/login-screen.png' };

function oneToolPart(part: Record<string, unknown>): () => ChatStoryData {
  return () => ({
    messages: [
      { id: 'user-1', role: 'user', parts: [{ type: 'text', text: 'What does the login screen look like?' }] },
      { id: 'assistant-1', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'tool-read_image', toolCallId: CALL_ID, ...part }] },
    ],
  });
}

async function expectRowState(canvasElement: HTMLElement, state: string): Promise<HTMLElement> {
  const row = rowOf(canvasElement, CALL_ID);
  await expect(row).toHaveAttribute('data-state', state);
  return row;
}

export const InputStreaming: Story = {
  loaders: [oneToolPart({ state: 'input-streaming', input: { file_path: 'screens' }, rawInput: '{"file_path":"screens' })],
  play: async ({ canvasElement }) => {
    await expectRowState(canvasElement, 'preparing');
  },
};

export const InputAvailable: Story = {
  loaders: [oneToolPart({ state: 'input-available', input: INPUT })],
  play: async ({ canvasElement }) => {
    const row = await expectRowState(canvasElement, 'running');
    await expect(row.querySelector('.tc-row__summary')).toHaveTextContent('screenshots/login-screen.png');
  },
};

const onApprove = fn().mockName('onApprove');
const onReject = fn().mockName('onReject');

/** Awaiting approval, with the app's handlers: the card offers Approve and Reject, each answering with the approval's id. */
export const ApprovalRequested: Story = {
  loaders: [oneToolPart({ state: 'approval-requested', input: INPUT, approval: { id: 'approval-1' } })],
  parameters: { toolcard: { loadImage: appLoadImage, cwd: '/home/qa/project', onApprove, onReject } satisfies ToolcardParameters },
  beforeEach: () => {
    onApprove.mockClear();
    onReject.mockClear();
  },
  play: async ({ canvasElement }) => {
    const row = await expectRowState(canvasElement, 'awaiting-approval');
    await expect(disclosureOf(row)).toHaveAccessibleName('Read image Awaiting approval');
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    await expect(onApprove).toHaveBeenCalledWith('approval-1', expect.objectContaining({ callId: CALL_ID }));
    await userEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    await expect(onReject).toHaveBeenCalledWith('approval-1', expect.objectContaining({ callId: CALL_ID }));
  },
};

/** The tool's output as content parts with media data, as a tool's `toModelOutput` would send it. */
export const OutputAvailable: Story = {
  loaders: [
    async () =>
      oneToolPart({
        state: 'output-available',
        input: INPUT,
        output: {
          type: 'content',
          value: [
            { type: 'text', text: 'image/png image, 640x400 px, 7190 bytes' },
            { type: 'image-data', data: await workspaceImageBase64('screenshots/login-screen.png'), mediaType: 'image/png' },
          ],
        },
      })(),
  ],
  play: async ({ canvasElement }) => {
    const row = await expectRowState(canvasElement, 'done');
    await expect(cardLabelOf(row, 'screenshots/login-screen.png')).toBeInTheDocument();
    await waitFor(() => expect(row.querySelector('.tc-gallery__tile[data-status="ready"]')).not.toBeNull(), { timeout: 5000 });
    await expect(appLoadImage).not.toHaveBeenCalled();
  },
};

export const OutputError: Story = {
  loaders: [
    oneToolPart({ state: 'output-error', input: { file_path: 'notes.txt' }, errorText: 'Error: notes.txt is not an image file. Read it with the read tool.' }),
  ],
  play: async ({ canvasElement }) => {
    const row = await expectRowState(canvasElement, 'error');
    await expect(disclosureOf(row)).toHaveAccessibleName(/notes\.txt is not an image file/);
  },
};

export const OutputDenied: Story = {
  loaders: [oneToolPart({ state: 'output-denied', input: INPUT, approval: { id: 'approval-1', approved: false, reason: 'Not that screen.' } })],
  play: async ({ canvasElement }) => {
    const row = await expectRowState(canvasElement, 'refused');
    await expect(disclosureOf(row)).toHaveAccessibleName('Read image Refused Denied: Not that screen.');
  },
};

/** A user message with an image file (a data URL), then the assistant's text around its tool call. */
export const ConversationWithImageFile: Story = {
  loaders: [
    async (): Promise<ChatStoryData> => ({
      messages: [
        {
          id: 'user-1',
          role: 'user',
          parts: [
            { type: 'text', text: 'Is this spinner the same as the one in the app?' },
            { type: 'file', mediaType: 'image/gif', filename: 'spinner.gif', url: `data:image/gif;base64,${await workspaceImageBase64('images/spinner.gif')}` },
          ],
        },
        {
          id: 'assistant-1',
          role: 'assistant',
          parts: [
            { type: 'text', text: 'Let me look at the app’s copy.' },
            { type: 'tool-read_image', toolCallId: CALL_ID, state: 'input-available', input: { file_path: 'images/spinner.gif' } },
          ],
        },
      ],
    }),
  ],
  play: async ({ canvasElement }) => {
    const user = canvasElement.querySelector<HTMLElement>('.tc-message--user');
    await expect(user).not.toBeNull();
    if (user === null) return;
    await waitFor(() => expect(within(user).getByRole('img', { name: 'spinner.gif' })).toBeVisible(), { timeout: 5000 });
    await expectRowState(canvasElement, 'running');
    await expect(appLoadImage).not.toHaveBeenCalled();
  },
};
