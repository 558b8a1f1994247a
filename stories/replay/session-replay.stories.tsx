import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LOG_NAMES } from './discovered-logs';
import { expectNoRawAttachment, FixtureReplay, fixtureReplayMeta } from './fixture-replay';

const meta = {
  title: 'Replay/Step through a log',
  ...fixtureReplayMeta,
} satisfies Meta<typeof FixtureReplay>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The log it opens on: a recorded one, so the story is the same with or without the reference logs. */
const FIRST_LOG = 'sessions/01-screenshot-png';

/** Any discovered log (select it in the controls); every one must replay without leaking raw references. */
export const Replay: Story = {
  args: { session: FIRST_LOG },
  play: async ({ canvasElement }) => {
    await expect(LOG_NAMES).toEqual(expect.arrayContaining([FIRST_LOG, 'sessions/09-text-only-refusal']));
    await expect(within(canvasElement).getByRole('region', { name: 'Session replay' })).toBeVisible();
    await expectNoRawAttachment(canvasElement);
  },
};
