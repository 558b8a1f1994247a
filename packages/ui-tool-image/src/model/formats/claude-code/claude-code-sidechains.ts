import { isNonEmptyString, type JsonRecord } from '../../narrow';
import type { ConversationAssembler, Sidechain } from '../anthropic/conversation-assembler';

/** A subagent's conversation in a transcript: the lines one `parentUuid` chain (or one `agentId`) holds. */
export interface SidechainThread {
  readonly sidechain: Sidechain;
  agentId?: string;
  /** Its first user prompt has been read. */
  prompted: boolean;
  /** Named to the call that started it (nested under it once that call can take it). */
  linked: boolean;
}

function push<Value>(map: Map<string, Value[]>, key: string, value: Value): void {
  const values = map.get(key);
  if (values === undefined) map.set(key, [value]);
  else values.push(value);
}

/**
 * Finds the `Task`/`Agent` call each sidechain belongs to, in whatever order the lines come: by
 * the agent id the call's result names (`toolUseResult.agentId`, or the result line's `agentId`)
 * and the sidechain's lines carry, else by the sidechain's first prompt being the call's
 * `input.prompt`. A sidechain with neither stays at the top level.
 */
export class ClaudeSidechains {
  private readonly threadOfUuid = new Map<string, SidechainThread>();
  private readonly threadOfAgent = new Map<string, SidechainThread>();
  private readonly callOfAgent = new Map<string, string>();
  /** Task calls no sidechain has claimed, by prompt. */
  private readonly unclaimedCalls = new Map<string, string[]>();
  /** Prompted sidechains not linked yet, by prompt. */
  private readonly unlinkedThreads = new Map<string, SidechainThread[]>();

  constructor(private readonly conversation: ConversationAssembler) {}

  /** The thread of an `isSidechain: true` line: its parent line's, else its agent's, else a new one. */
  threadOf(record: JsonRecord): SidechainThread {
    const { parentUuid, uuid, agentId } = record;
    const agent = isNonEmptyString(agentId) ? agentId : undefined;
    const thread =
      (isNonEmptyString(parentUuid) ? this.threadOfUuid.get(parentUuid) : undefined) ??
      (agent === undefined ? undefined : this.threadOfAgent.get(agent)) ??
      this.newThread();
    if (isNonEmptyString(uuid)) this.threadOfUuid.set(uuid, thread);
    if (agent !== undefined && thread.agentId === undefined) {
      thread.agentId = agent;
      if (!this.threadOfAgent.has(agent)) this.threadOfAgent.set(agent, thread);
      const callId = this.callOfAgent.get(agent);
      if (callId !== undefined) this.link(thread, callId);
    }
    return thread;
  }

  /**
   * The thread of a subagent's own file, whose agent is `agentId` (the one its name gives): nested
   * once a call's result names that agent, or (while the call runs) by its first prompt.
   */
  agentThread(agentId: string): SidechainThread {
    const known = this.threadOfAgent.get(agentId);
    if (known !== undefined) return known;
    const thread = this.newThread();
    thread.agentId = agentId;
    this.threadOfAgent.set(agentId, thread);
    const callId = this.callOfAgent.get(agentId);
    if (callId !== undefined) this.link(thread, callId);
    return thread;
  }

  /** A `Task`/`Agent` call with its prompt. */
  taskCalled(callId: string, prompt: string): void {
    const waiting = this.unlinkedThreads.get(prompt) ?? [];
    for (let thread = waiting.shift(); thread !== undefined; thread = waiting.shift()) {
      if (!thread.linked) {
        this.link(thread, callId);
        return;
      }
    }
    push(this.unclaimedCalls, prompt, callId);
  }

  /** A call's result names the agent it started. */
  agentStarted(agentId: string, callId: string): void {
    if (this.callOfAgent.has(agentId)) return;
    this.callOfAgent.set(agentId, callId);
    const thread = this.threadOfAgent.get(agentId);
    if (thread !== undefined) this.link(thread, callId);
  }

  /** A thread's user prompt (only its first one counts). */
  prompted(thread: SidechainThread, prompt: string): void {
    if (thread.prompted) return;
    thread.prompted = true;
    if (thread.linked) return;
    const callId = this.unclaimedCalls.get(prompt)?.shift();
    if (callId === undefined) push(this.unlinkedThreads, prompt, thread);
    else this.link(thread, callId);
  }

  private newThread(): SidechainThread {
    return { sidechain: this.conversation.newSidechain(), prompted: false, linked: false };
  }

  private link(thread: SidechainThread, callId: string): void {
    if (thread.linked) return;
    thread.linked = true;
    this.conversation.nest(thread.sidechain, callId);
  }
}
