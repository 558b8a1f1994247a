import type { Meta, StoryObj } from '@storybook/react-vite';
import { agentLogMeta, agentLogStory } from './agent-log-story';

// Claude Code transcripts the fixture generator wrote (stories/fixtures/agents/claude-code.ts), replayed.
const meta = {
  title: 'Sessions/Claude Code',
  ...agentLogMeta,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const ReadAPng: Story = agentLogStory('claude-code-read-png.jsonl');
export const ParallelCalls: Story = agentLogStory('claude-code-parallel-calls.jsonl');
export const Failures: Story = agentLogStory('claude-code-failures.jsonl');
export const PastedImage: Story = agentLogStory('claude-code-pasted-image.jsonl');
export const McpScreenshot: Story = agentLogStory('claude-code-mcp-screenshot.jsonl');
export const Subagent: Story = agentLogStory('claude-code-subagent.jsonl');
export const SubagentFile: Story = agentLogStory('c1a0de00-0000-4000-8000-000000000007.jsonl');
