import type { SearchAnswer } from '../../wire/workbench';

/** Typing pauses this long before the server is asked: one request per word, not per key. */
const TYPING_PAUSE_MS = 250;
/** After the index changes (a new or grown file), the standing search is asked again at most this often. */
const REFRESH_PAUSE_MS = 1_000;

export type SearchResult =
  | { readonly kind: 'none' }
  | { readonly kind: 'answered'; readonly query: string; readonly ids: ReadonlySet<string> }
  | { readonly kind: 'failed'; readonly query: string };

/**
 * Asks `/api/search` for the query typed, after a pause; a newer query aborts the older request,
 * so an answer never lands after a newer one. When the index changes, the standing query is asked
 * again (a new file may match), without aborting one already asked.
 */
export class ServerSearch {
  private query = '';
  private timer: ReturnType<typeof setTimeout> | null = null;
  private request: AbortController | null = null;
  private staleAnswer = false;

  constructor(
    private readonly onResult: (result: SearchResult) => void,
    private readonly onPending: (pending: boolean) => void,
  ) {}

  /** The search box's text (trimmed here); empty is no search, at once. */
  setQuery(text: string): void {
    const query = text.trim();
    if (query === this.query) return;
    this.query = query;
    this.cancel();
    if (query === '') {
      this.onPending(false);
      this.onResult({ kind: 'none' });
      return;
    }
    this.onPending(true);
    this.schedule(TYPING_PAUSE_MS);
  }

  /** The index has a new version: the standing answer may be missing new sessions. */
  indexChanged(): void {
    if (this.query === '') return;
    if (this.request !== null) this.staleAnswer = true;
    else if (this.timer === null) this.schedule(REFRESH_PAUSE_MS);
  }

  /** Stops asking; a later `setQuery` starts afresh. */
  dispose(): void {
    this.cancel();
    this.query = '';
  }

  private cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.request?.abort();
    this.request = null;
    this.staleAnswer = false;
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.ask(this.query);
    }, ms);
  }

  private async ask(query: string): Promise<void> {
    const request = new AbortController();
    this.request = request;
    let result: SearchResult;
    try {
      const response = await fetch(`/api/search?q=${encodeURIComponent(query)}`, { signal: request.signal, cache: 'no-store' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const answer = (await response.json()) as Partial<SearchAnswer>;
      if (!Array.isArray(answer.ids)) throw new Error('not a search answer');
      result = { kind: 'answered', query, ids: new Set(answer.ids.filter((id): id is string => typeof id === 'string')) };
    } catch {
      result = { kind: 'failed', query };
    }
    // Aborted: a newer query (or none) stands; this answer, even one already read, is not its.
    if (request.signal.aborted) return;
    this.request = null;
    this.onResult(result);
    if (this.staleAnswer) {
      this.staleAnswer = false;
      this.schedule(REFRESH_PAUSE_MS);
    } else {
      this.onPending(false);
    }
  }
}
