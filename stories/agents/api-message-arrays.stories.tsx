import type { Meta, StoryObj } from '@storybook/react-vite';
import { agentLogMeta, agentLogStory } from './agent-log-story';

// Message and item arrays the fixture generator wrote (stories/fixtures/agents/api-arrays.ts), replayed.
const meta = {
  title: 'Sessions/API message arrays',
  ...agentLogMeta,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const AnthropicMessages: Story = agentLogStory('anthropic-messages.json');
export const OpenAiResponses: Story = agentLogStory('openai-responses.json');
