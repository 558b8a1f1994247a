import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { cardLabelOf, bodyOf, disclosureOf, rowOf, summaryButtonOf } from '../../support/row-queries';
import { REPLAY_CWD } from '../discovered-logs';
import { expectNoRawAttachment, FixtureReplay, fixtureReplayMeta, imageCards, replayUpTo, stepAtSeq } from '../fixture-replay';

/**
 * Stepping through the harness's reference logs, read from `../shared/reference-logs/`: this file is
 * a story file only when that folder is there (.storybook/main.ts).
 */
const meta = {
  title: 'Replay/Step through a log',
  ...fixtureReplayMeta,
} satisfies Meta<typeof FixtureReplay>;

export default meta;
type Story = StoryObj<typeof meta>;

// The read-image reference log: the call's seq is 14, its result's 15.
const READ_CALL_ID = 'read-image-call';
const READ_CALL_SEQ = 14;
const READ_FACTS = 'image/png image, 1x1 px, 69 bytes';

export const ReferenceReadImage: Story = {
  name: 'Reference: read-image',
  args: { session: 'reference/read-image' },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('settled, with its labels', async () => {
      const row = rowOf(canvasElement, READ_CALL_ID);
      await expect(row).toHaveAttribute('data-state', 'done');
      await expect(row).not.toHaveAttribute('aria-busy');
      await expect(disclosureOf(row)).toHaveAccessibleName('Read image Done');
      // No `onOpenFile` here, so the path is plain text, relative to the session's cwd.
      await expect(summaryButtonOf(row)).toBeNull();
      await expect(row.querySelector('.tc-row__summary')).toHaveTextContent(/^red\.png$/);
      // In the replay's list (the step control names the last event, this reply, too).
      await expect(within(canvas.getByRole('feed')).getByText('DONE')).toBeVisible();
    });
    await step('recorded without presentation meta: the image card, labelled from file_path', async () => {
      // The host that wrote this log predates `meta.path`: DESIGN's rule takes the call's own argument.
      await expect(imageCards(canvasElement)).toHaveLength(1);
      const row = rowOf(canvasElement, READ_CALL_ID);
      await expect(disclosureOf(row)).toHaveAttribute('aria-expanded', 'true');
      await expect(cardLabelOf(bodyOf(row), 'red.png')).toBeInTheDocument();
      await expect(bodyOf(row)).toHaveTextContent(READ_FACTS);
      await expect(bodyOf(row)).toHaveTextContent(`${REPLAY_CWD}/red.png`);
      await waitFor(() => expect(bodyOf(row).querySelector('.tc-gallery__tile')).toHaveAttribute('data-status', 'ready'));
    });
    await step('no raw attachment JSON', () => expectNoRawAttachment(canvasElement));
    await step('step control: running before the result, settled after', async () => {
      await replayUpTo(canvasElement, 'reference/read-image', READ_CALL_SEQ);
      await expect(rowOf(canvasElement, READ_CALL_ID)).toHaveAttribute('data-state', 'running');
      await expect(rowOf(canvasElement, READ_CALL_ID)).toHaveAttribute('aria-busy', 'true');
      await expect(within(canvas.getByRole('feed')).queryByText('DONE')).toBeNull();
      await replayUpTo(canvasElement, 'reference/read-image', READ_CALL_SEQ + 1);
      await expect(rowOf(canvasElement, READ_CALL_ID)).toHaveAttribute('data-state', 'done');
      await expect(rowOf(canvasElement, READ_CALL_ID)).not.toHaveAttribute('aria-busy');
    });
  },
};

/** The same log opened at the `step` arg: the call is still running. */
export const ReferenceReadImageRunning: Story = {
  name: 'Reference: read-image (step before the result)',
  args: { session: 'reference/read-image', step: READ_CALL_SEQ },
  play: async ({ canvasElement }) => {
    const row = rowOf(canvasElement, READ_CALL_ID);
    await expect(row).toHaveAttribute('data-state', 'running');
    await expect(imageCards(canvasElement)).toHaveLength(0);
    await expect(within(canvasElement).getByTestId('replay-step')).toHaveTextContent(
      new RegExp(`^Event ${String(stepAtSeq('reference/read-image', READ_CALL_SEQ))} of \\d+$`),
    );
    await expect(within(canvasElement).getByText('tool/call')).toBeVisible();
  },
};

const REFUSED_CALL_ID = 'read-image-refused';
const REFUSED_CALL_SEQ = 14;

export const ReferenceTextRoute: Story = {
  name: 'Reference: read-image-text-route (refused)',
  args: { session: 'reference/read-image-text-route' },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const row = rowOf(canvasElement, REFUSED_CALL_ID);
    await step('refused, with its labels', async () => {
      await expect(row).toHaveAttribute('data-state', 'refused');
      // Why it was refused is part of the row's name, and visible while the row is collapsed.
      await expect(disclosureOf(row)).toHaveAccessibleName(
        'Read image Refused model "deepseek-v4-flash" does not declare image input; switch to an image-capable model to read images',
      );
      await expect(row.querySelector('.tc-row__reason')).toBeVisible();
      await expect(within(canvas.getByRole('feed')).getByText('UNAVAILABLE')).toBeVisible();
    });
    await step('the refusal as text, no gallery', async () => {
      disclosureOf(row).focus();
      if (disclosureOf(row).getAttribute('aria-expanded') === 'false') await userEvent.keyboard('{Enter}');
      await expect(bodyOf(row)).toHaveTextContent('switch to an image-capable model to read images');
      await expect(imageCards(canvasElement)).toHaveLength(0);
      await expect(canvasElement.querySelector('.tc-gallery')).toBeNull();
    });
    await step('no raw attachment JSON', () => expectNoRawAttachment(canvasElement));
    await step('step control: running before the refusal, refused after', async () => {
      await replayUpTo(canvasElement, 'reference/read-image-text-route', REFUSED_CALL_SEQ);
      await expect(rowOf(canvasElement, REFUSED_CALL_ID)).toHaveAttribute('data-state', 'running');
      await replayUpTo(canvasElement, 'reference/read-image-text-route', REFUSED_CALL_SEQ + 1);
      await waitFor(() => expect(rowOf(canvasElement, REFUSED_CALL_ID)).toHaveAttribute('data-state', 'refused'));
    });
  },
};
