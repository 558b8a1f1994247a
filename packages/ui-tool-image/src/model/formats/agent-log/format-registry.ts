import { anthropicMessagesOf, looksLikeAnthropicMessages } from '../anthropic-messages/anthropic-messages-detection';
import { anthropicMessagesFacts } from '../anthropic-messages/anthropic-messages-facts';
import { AnthropicMessagesReader } from '../anthropic-messages/anthropic-messages-reader';
import { looksLikeClaudeCodeLine } from '../claude-code/claude-code-detection';
import { ClaudeCodeReader } from '../claude-code/claude-code-reader';
import { looksLikeCodexDocument, looksLikeCodexLine } from '../codex/codex-detection';
import { CodexReader } from '../codex/codex-reader';
import { looksLikeResponsesItem, looksLikeResponsesItems, responsesItemsOf } from '../openai-responses/responses-detection';
import { responsesFacts } from '../openai-responses/responses-facts';
import { ResponsesItemsReader } from '../openai-responses/responses-items-reader';
import type { FormatReader } from './format-reader';

/** A line format: recognised from one parsed line, read line by line. */
export interface LineFormat {
  readonly looksLike: (line: unknown) => boolean;
  readonly reader: () => FormatReader;
}

/** A document format: one JSON value (an array of items, or an object holding one), read as a whole. */
export interface DocumentFormat {
  readonly looksLike: (document: unknown) => boolean;
  /** A reader that has read the whole document (called only when `looksLike` said yes). */
  readonly read: (document: unknown) => FormatReader;
}

function readItems(reader: FormatReader, items: readonly unknown[]): FormatReader {
  items.forEach((item, index) => {
    reader.readLine(item, index + 1);
  });
  return reader;
}

/**
 * Other agents' line formats, tried in order on each of a file's first lines (our own format is
 * recognised first). A Codex rollout of 2025 holds bare Responses items after its header, so Codex
 * comes before a plain file of Responses items.
 */
export const LINE_FORMATS: readonly LineFormat[] = [
  { looksLike: looksLikeClaudeCodeLine, reader: () => new ClaudeCodeReader() },
  { looksLike: looksLikeCodexLine, reader: () => new CodexReader() },
  { looksLike: looksLikeResponsesItem, reader: () => new ResponsesItemsReader() },
];

/**
 * Document formats, tried in order. Messages of plain `{role, content: "…"}` fit both APIs; they
 * read the same either way and are called Anthropic Messages unless an item only Responses has shows up.
 */
export const DOCUMENT_FORMATS: readonly DocumentFormat[] = [
  {
    looksLike: looksLikeCodexDocument,
    read: (document) => {
      const reader = new CodexReader();
      reader.readDocument(document);
      return reader;
    },
  },
  {
    looksLike: (document) => looksLikeResponsesItems(responsesItemsOf(document)),
    read: (document) => readItems(new ResponsesItemsReader(responsesFacts(document)), responsesItemsOf(document) ?? []),
  },
  {
    looksLike: looksLikeAnthropicMessages,
    read: (document) => readItems(new AnthropicMessagesReader(anthropicMessagesFacts(document)), anthropicMessagesOf(document) ?? []),
  },
];
