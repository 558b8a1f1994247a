import type { LogProblem, OtherEventCount, ParsedSessionLog, SessionEvent, SessionHeader } from '../model';

/**
 * A session log sent from a Web Worker to the page, piece by piece: the events in batches (small
 * messages, so no single structured clone on the page is a long task), then the rest of the log,
 * which completes a snapshot. Only the events appended since the last snapshot are sent again.
 */
export type SessionLogMessage =
  | { readonly kind: 'events'; readonly events: readonly SessionEvent[] }
  | {
      readonly kind: 'log';
      readonly header: SessionHeader | null;
      readonly problems: readonly LogProblem[];
      readonly otherEvents: readonly OtherEventCount[];
    }
  | { readonly kind: 'restart' };

/** Events per message: about a millisecond of structured clone each on the page. */
const EVENTS_PER_MESSAGE = 500;

/**
 * The worker's side: sends snapshots of a growing log (a `SessionLogReader`'s), each as the events
 * appended since the last one plus the rest. A log that starts over (a file replaced or truncated)
 * is announced with `restart()` before its first snapshot.
 */
export class SessionLogSender {
  private sent = 0;

  constructor(private readonly post: (message: SessionLogMessage) => void) {}

  /**
   * Sends `log` as it now stands: the events after the ones already sent, then the rest. With
   * `maxEvents`, sends at most that many more events (the page gets the log up to there, so what one
   * snapshot costs it stays bounded); true when all of `log` is sent.
   */
  send(log: ParsedSessionLog, maxEvents = Number.POSITIVE_INFINITY): boolean {
    const { header, events, problems, otherEvents } = log;
    const end = Math.min(events.length, this.sent + maxEvents);
    for (let start = this.sent; start < end; start += EVENTS_PER_MESSAGE) {
      this.post({ kind: 'events', events: events.slice(start, Math.min(end, start + EVENTS_PER_MESSAGE)) });
    }
    this.sent = end;
    this.post({ kind: 'log', header, problems, otherEvents });
    return end === events.length;
  }

  /** The next log sent is another one: the page drops the events it holds. */
  restart(): void {
    this.sent = 0;
    this.post({ kind: 'restart' });
  }
}

/**
 * The page's side: puts a `SessionLogSender`'s messages back together. The events it already holds
 * stay the same objects in every later snapshot, so a `SessionReplay` given them builds only the
 * rows of the appended ones.
 */
export class SessionLogReceiver {
  private events: SessionEvent[] = [];

  /** Takes one message; returns the log as it now stands when the message completes a snapshot, else `null`. */
  receive(message: SessionLogMessage): ParsedSessionLog | null {
    switch (message.kind) {
      case 'events':
        for (const event of message.events) this.events.push(event);
        return null;
      case 'restart':
        this.events = [];
        return null;
      case 'log':
        return { header: message.header, events: [...this.events], problems: message.problems, otherEvents: message.otherEvents };
    }
  }
}
