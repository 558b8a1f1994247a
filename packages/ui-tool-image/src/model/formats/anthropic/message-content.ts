import { toolResult, type ToolResult } from '../../call-tree';
import { blocksFromToolResultContent, readAnthropicBlock, type ToolResultBlock, type ToolUseBlock } from './anthropic-content';
import type { ConversationAssembler, MessageAt } from './conversation-assembler';

/** What a format adds to reading a message's blocks. */
export interface MessageContentHandlers {
  /** A block recorded but not shown, by its type. */
  readonly hidden: (type: string) => void;
  /** The result a `tool_result` settles its call with (default: its content and `is_error`). */
  readonly result?: (block: ToolResultBlock) => ToolResult;
  /** Told of every `tool_use` read. */
  readonly called?: (block: ToolUseBlock) => void;
  /** True for text the harness put among the user's words (an IDE's open file): shown apart, as context. */
  readonly isContext?: (text: string) => boolean;
}

/** A `tool_result` as a settled result: its content blocks, failed when `is_error` is `true`. */
export function anthropicToolResult(block: ToolResultBlock): ToolResult {
  return toolResult({ content: blocksFromToolResultContent(block.content), isError: block.isError });
}

/**
 * An Anthropic message's `content` (a string, or blocks) into `conversation`, in order: shown
 * blocks into the message at `at`, `tool_use` blocks as calls (the message continues in a new
 * segment after each), `tool_result` blocks settling their calls.
 */
export function readMessageContent(conversation: ConversationAssembler, at: MessageAt, content: unknown, handlers: MessageContentHandlers): void {
  const contextAt: MessageAt = { ...at, role: 'context' };
  const atOf = (text: string): MessageAt => (handlers.isContext?.(text) === true ? contextAt : at);
  if (typeof content === 'string') {
    conversation.content(atOf(content), [{ type: 'text', text: content }]);
    return;
  }
  if (!Array.isArray(content)) {
    conversation.report(at.position, 'message "content" is neither a string nor a list of blocks');
    return;
  }
  content.forEach((block: unknown, index) => {
    const reading = readAnthropicBlock(block);
    switch (reading.kind) {
      case 'shown':
        conversation.content(reading.block.type === 'text' ? atOf(reading.block.text) : at, [reading.block]);
        break;
      case 'tool-use':
        conversation.call(at.position, reading.id, reading.name, reading.input, at.sidechain);
        handlers.called?.(reading);
        break;
      case 'tool-result':
        conversation.result(at.position, reading.toolUseId, (handlers.result ?? anthropicToolResult)(reading), at.sidechain);
        break;
      case 'hidden':
        handlers.hidden(reading.type);
        break;
      case 'malformed':
        conversation.report(at.position, `content block ${index + 1} ${reading.why}`);
        break;
    }
  });
}
