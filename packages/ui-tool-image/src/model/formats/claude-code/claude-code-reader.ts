import { isNonEmptyString, isRecord, type JsonRecord } from '../../narrow';
import type { FormatReader, FormatSnapshot } from '../agent-log/format-reader';
import { OtherEventCounter } from '../agent-log/other-event-counter';
import { recordTime } from '../agent-log/record-time';
import type { ToolUseBlock } from '../anthropic/anthropic-content';
import { formatSnapshot } from '../anthropic/assembled-snapshot';
import { ConversationAssembler, type MessageAt, type RecordPosition } from '../anthropic/conversation-assembler';
import { readMessageContent } from '../anthropic/message-content';
import { imageFromBase64 } from '../content/foreign-content';
import { ClaudeSessionFacts } from './claude-code-facts';
import { ClaudeSidechains, type SidechainThread } from './claude-code-sidechains';
import { claudeToolResult } from './claude-code-tool-result';

/** What Claude Code wraps the IDE's state and its reminders in when it adds them to the user's message. */
const HARNESS_CONTEXT = /^\s*<(ide_[a-z_]+|system-reminder)>[\s\S]*<\/\1>\s*$/;

function isClaudeCodeContext(text: string): boolean {
  return HARNESS_CONTEXT.test(text);
}

/** The tools that start a subagent (`Task`; `Agent` in newer versions). */
const SUBAGENT_TOOLS: ReadonlySet<unknown> = new Set(['Task', 'Agent']);

function toolUseIds(content: unknown): unknown[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((block: unknown) => (isRecord(block) && block.type === 'tool_result' ? [block.tool_use_id] : []));
}

/** A user prompt's text: the string, or its first text block. */
function promptText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const first: unknown = content.find((block: unknown) => isRecord(block) && block.type === 'text');
  return isRecord(first) && typeof first.text === 'string' ? first.text : undefined;
}

/** `agent-<id>.jsonl` → `<id>`; a file named otherwise is an agent of its own name. */
function agentIdOfFile(file: string): string {
  return /^agent-(.+)\.jsonl$/.exec(file)?.[1] ?? file;
}

/** A line's time, where its `timestamp` is a valid one. */
function timeOf(value: unknown): { readonly at?: number } {
  const at = isRecord(value) ? recordTime(value.timestamp) : undefined;
  return at === undefined ? {} : { at };
}

function nonEmptyString(value: unknown): string | undefined {
  return isNonEmptyString(value) ? value : undefined;
}

/**
 * A Claude Code transcript (`~/.claude/projects/…/<session>.jsonl`, FORMATS.md §1), fed one parsed
 * line at a time. Shows user prompts (pasted images in place), assistant text split around its
 * tool calls (the one-block-per-line records of one `message.id` read as one message), each call
 * settled by its `tool_result` wherever that comes, images attached with `@file` or queued while
 * the agent worked, and subagents' sidechains nested under the `Task` call that started them.
 * Everything else is counted in `otherEvents`: meta lines, thinking, snapshots, summaries, queue
 * bookkeeping, progress, system lines and line types this reader does not know. Never throws.
 */
export class ClaudeCodeReader implements FormatReader {
  readonly format = 'claude-code';
  private readonly conversation = new ConversationAssembler('claude-code');
  private readonly others = new OtherEventCounter();
  private readonly facts = new ClaudeSessionFacts();
  private readonly sidechains = new ClaudeSidechains(this.conversation);
  private readonly seenUuids = new Set<string>();
  private last: FormatSnapshot | null = null;
  private readonly countHidden = (type: string): void => {
    this.others.count(type);
  };

  readLine(value: unknown, line: number): void {
    this.read(value, { line, index: line - 1, ...timeOf(value) }, undefined);
  }

  /**
   * A line of a subagent's own file (`agent-<id>.jsonl` beside the transcript, or in
   * `<session>/subagents/`), `file` its name and `line` its line there: its calls nest under the
   * `Task`/`Agent` call whose result names agent `<id>` (or whose prompt is its first). Its problems
   * name the file and line; its facts are the session's, not read again.
   */
  readSubagentLine(value: unknown, line: number, file: string): void {
    this.read(value, { index: line - 1, label: `${file}, line ${line}`, ...timeOf(value) }, this.sidechains.agentThread(agentIdOfFile(file)));
  }

  takeChangedItemKeys(): string[] {
    return this.conversation.takeChangedKeys();
  }

  snapshot(): FormatSnapshot {
    const conversation = this.conversation.snapshot();
    this.others.set('sidechain message', this.conversation.hiddenMessages);
    this.last = formatSnapshot(this.last, conversation, this.others.snapshot(), this.facts.snapshot());
    return this.last;
  }

  private read(value: unknown, position: RecordPosition, subagent: SidechainThread | undefined): void {
    if (!isRecord(value)) {
      this.conversation.report(position, 'line is not a JSON object');
      return;
    }
    const { type, uuid } = value;
    if (!isNonEmptyString(type)) {
      this.conversation.report(position, 'line has no string "type"');
      return;
    }
    if (isNonEmptyString(uuid)) {
      // A resumed or copied session can repeat lines; each is shown once.
      if (this.seenUuids.has(uuid)) {
        this.others.count('duplicate line');
        return;
      }
      this.seenUuids.add(uuid);
    }
    if (subagent === undefined) this.facts.read(value, position.at);
    const thread = subagent ?? (value.isSidechain === true ? this.sidechains.threadOf(value) : undefined);
    switch (type) {
      case 'user':
        this.userLine(value, position, thread);
        break;
      case 'assistant':
        this.assistantLine(value, position, thread);
        break;
      case 'attachment':
        this.attachmentLine(value, position, thread);
        break;
      default:
        this.others.count(type);
    }
  }

  private userLine(record: JsonRecord, position: RecordPosition, thread: SidechainThread | undefined): void {
    if (record.isMeta === true) {
      this.others.count('meta');
      return;
    }
    const { message } = record;
    if (!isRecord(message)) {
      this.conversation.report(position, 'user line has no "message" object');
      return;
    }
    const resultIds = toolUseIds(message.content);
    // The line's `toolUseResult` is the record of its one tool_result.
    const toolUseResult: unknown = resultIds.length === 1 ? record.toolUseResult : undefined;
    const role = record.isCompactSummary === true ? 'context' : 'user';
    readMessageContent(this.conversation, this.messageAt(record, position, role, thread), message.content, {
      hidden: this.countHidden,
      result: (block) => claudeToolResult(block, toolUseResult),
      isContext: isClaudeCodeContext,
    });
    const [toolUseId] = resultIds;
    if (resultIds.length === 1 && isNonEmptyString(toolUseId)) {
      // On a sidechain's own line `agentId` is its own agent, not one a call started.
      const startedAgent =
        (isRecord(toolUseResult) ? nonEmptyString(toolUseResult.agentId) : undefined) ?? (thread === undefined ? nonEmptyString(record.agentId) : undefined);
      if (startedAgent !== undefined) this.sidechains.agentStarted(startedAgent, toolUseId);
    }
    const prompt = thread !== undefined && resultIds.length === 0 ? promptText(message.content) : undefined;
    if (thread !== undefined && prompt !== undefined) this.sidechains.prompted(thread, prompt);
  }

  private assistantLine(record: JsonRecord, position: RecordPosition, thread: SidechainThread | undefined): void {
    const { message } = record;
    if (!isRecord(message)) {
      this.conversation.report(position, 'assistant line has no "message" object');
      return;
    }
    // The lines of one streamed reply share `message.id`: one message, split around its calls.
    const at = this.messageAt(record, position, 'assistant', thread, nonEmptyString(message.id));
    readMessageContent(this.conversation, at, message.content, {
      hidden: this.countHidden,
      called: (block) => {
        this.called(block);
      },
    });
  }

  private attachmentLine(record: JsonRecord, position: RecordPosition, thread: SidechainThread | undefined): void {
    const { attachment } = record;
    if (isRecord(attachment) && attachment.type === 'file' && isRecord(attachment.content) && attachment.content.type === 'image') {
      // An image mentioned with `@path`: context the harness gave the model.
      const file = isRecord(attachment.content.file) ? attachment.content.file : {};
      const name = nonEmptyString(attachment.displayPath) ?? nonEmptyString(attachment.filename);
      this.conversation.content(this.messageAt(record, position, 'context', thread), [imageFromBase64(file.base64, file.type, name)]);
      return;
    }
    if (isRecord(attachment) && attachment.type === 'queued_command' && attachment.prompt !== undefined) {
      // Typed while the agent was busy (`commandMode: "prompt"`), or a notification the harness queued.
      const role = attachment.commandMode === undefined || attachment.commandMode === 'prompt' ? 'user' : 'context';
      readMessageContent(this.conversation, this.messageAt(record, position, role, thread), attachment.prompt, { hidden: this.countHidden });
      return;
    }
    this.others.count('attachment');
  }

  private messageAt(record: JsonRecord, position: RecordPosition, role: MessageAt['role'], thread: SidechainThread | undefined, messageId?: string): MessageAt {
    const messageKey = messageId ?? nonEmptyString(record.uuid) ?? position.label ?? `line ${position.index + 1}`;
    return { position, role, messageKey, sidechain: thread?.sidechain };
  }

  private called(block: ToolUseBlock): void {
    const { id, name, input } = block;
    if (SUBAGENT_TOOLS.has(name) && isNonEmptyString(id) && isRecord(input) && isNonEmptyString(input.prompt)) this.sidechains.taskCalled(id, input.prompt);
  }
}
