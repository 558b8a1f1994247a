import { SessionLogReceiver, SessionLogSender, type SessionLogMessage } from '@toolcard/ui-tool-image';

import { ConversationReceiver, ConversationSender, type ConversationMessage } from './conversation-stream';
import type { SnapshotSender } from './paced-sender';
import { isConversationLog, type ViewerLog } from './viewer-log';

/** The log as the worker sends it: our own log's events, or another agent's conversation. */
export type ViewerLogMessage = SessionLogMessage | ConversationMessage;

/** The worker's side: each snapshot through the sender of its kind (events, or conversation items). */
export class ViewerLogSender implements SnapshotSender<ViewerLog> {
  private readonly events: SessionLogSender;
  private readonly conversation: ConversationSender;

  constructor(post: (message: ViewerLogMessage) => void) {
    this.events = new SessionLogSender(post);
    this.conversation = new ConversationSender(post);
  }

  send(log: ViewerLog, max: number): boolean {
    return isConversationLog(log) ? this.conversation.send(log, max) : this.events.send(log, max);
  }

  /** Announces another log (a file replaced or truncated, maybe of another format): the page drops what it holds. */
  restart(): void {
    this.conversation.restart();
    this.events.restart();
  }
}

/** The page's side: the log as it now stands when a message completes a snapshot, else `null`. */
export class ViewerLogReceiver {
  private readonly events = new SessionLogReceiver();
  private readonly conversation = new ConversationReceiver();

  receive(message: ViewerLogMessage): ViewerLog | null {
    if (message.kind === 'conversation-items' || message.kind === 'conversation-log') return this.conversation.receive(message);
    if (message.kind === 'restart') this.conversation.restart();
    return this.events.receive(message);
  }
}
