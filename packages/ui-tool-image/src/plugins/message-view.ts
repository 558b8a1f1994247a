import { MessageView } from '../components';
import { BUILTIN_PRIORITY } from './builtin-priority';
import type { ToolCardPlugin } from './tool-card-plugin';

/** Declares `conversation.message`, the seat every message of a replay is rendered from. */
export const declareMessageSlot: ToolCardPlugin = (registry) => registry.declare('conversation.message', { owner: 'toolcard', kind: 'single' });

/**
 * The message view. It declares `conversation.message.images` as its own child slot (a slot has
 * exactly one declarer), which a gallery plugin fills, as for `tool.call.images`.
 */
export const registerMessageView: ToolCardPlugin = (registry) =>
  registry.register('conversation.message', {
    owner: 'message-view',
    priority: BUILTIN_PRIORITY,
    component: MessageView,
    declares: ['conversation.message.images'],
  });
