// The runtime names each entry exports, snapshotted: adding or removing one is a deliberate change
// (update the list here and the README's tables together).
import { describe, expect, it } from 'vitest';
import * as root from '../../src/index';
import * as model from '../../src/model/index';

const MODEL = [
  'AGENT_LOG_FORMATS',
  'AgentLogReader',
  'IMAGE_CARD_DECLINE_REASONS',
  'IMAGE_MEDIA_TYPES',
  'MCP_PRESENTATION_META_KEY',
  'NO_FILTER',
  'REPLAYED_EVENT_TYPES',
  'REPLAY_STATES',
  'SessionLogReader',
  'buildToolCalls',
  'callTreeFromMcp',
  'callTreeFromUIMessages',
  'conversationCounts',
  'conversationFromAnthropicMessages',
  'conversationFromResponsesItems',
  'conversationFromUIMessages',
  'conversationImageIds',
  'conversationItemKey',
  'displayPath',
  'explainImageCard',
  'imageCardModel',
  'imageHeaderSize',
  'isImageEnvelope',
  'itemKeysByEvent',
  'itemsMatching',
  'eventsUpTo',
  'lastSeq',
  'logAtEvent',
  'logUpTo',
  'messageParts',
  'parseSessionLog',
  'readAgentLog',
  'refusedImageMarker',
  'sessionFactsOf',
  'storedImageMarker',
  'toolRowModel',
  'viewContentBlock',
];

const ROOT = [
  'AgentLogReader',
  'AttachmentNotAvailableError',
  'ConversationMessage',
  'ImageCardBody',
  'ImageComparison',
  'ImageGallery',
  'ImageLightbox',
  'InOutBody',
  'MCP_PRESENTATION_META_KEY',
  'NO_FILTER',
  'REPLAY_STATES',
  'SessionLogReader',
  'SessionLogReceiver',
  'SessionLogSender',
  'SessionReplay',
  'SlotRuleError',
  'StepControl',
  'SlotUsageError',
  'ToolCallView',
  'ToolCardProvider',
  'ToolRow',
  'buildToolCalls',
  'callImages',
  'callTreeFromMcp',
  'callTreeFromUIMessages',
  'conversationFromAnthropicMessages',
  'conversationFromResponsesItems',
  'conversationFromUIMessages',
  'en',
  'explainImageCard',
  'imageCardModel',
  'isAttachmentNotAvailable',
  'eventsUpTo',
  'lastSeq',
  'logAtEvent',
  'logUpTo',
  'parseSessionLog',
  'parseSessionLogInWorker',
  'readAgentLog',
  'renderSlot',
  'toolRowModel',
  'useAttachmentImage',
  'useLabels',
  'useToolCardSettings',
  'viewContentBlock',
  'zhCN',
];

describe('public surface', () => {
  it('./model exports exactly these runtime values', () => {
    expect(Object.keys(model).sort()).toEqual([...MODEL].sort());
  });

  it('. exports exactly these runtime values, at most 50', () => {
    expect(Object.keys(root).sort()).toEqual([...ROOT].sort());
    expect(ROOT.length).toBeLessThanOrEqual(50);
  });
});
