import type { Meta, StoryObj } from '@storybook/react-vite';
import { agentLogMeta, agentLogStory } from './agent-log-story';

// Codex CLI rollouts the fixture generator wrote (stories/fixtures/agents/codex.ts), replayed.
const meta = {
  title: 'Sessions/Codex',
  ...agentLogMeta,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Shell: Story = agentLogStory('codex-shell.jsonl');
export const ParallelCalls: Story = agentLogStory('codex-parallel-calls.jsonl');
export const Failure: Story = agentLogStory('codex-failure.jsonl');
export const PastedImage: Story = agentLogStory('codex-pasted-image.jsonl');
export const ViewImage2025: Story = agentLogStory('codex-view-image-2025.jsonl');
export const ViewImage2026: Story = agentLogStory('codex-view-image-2026.jsonl');
export const ImageGeneration: Story = agentLogStory('codex-image-generation.jsonl');
export const WebSearch: Story = agentLogStory('codex-web-search.jsonl');
