import { memo, useMemo, type ReactNode } from 'react';
import type { MessagePart, MessageRole } from '../../model';
import { renderSlot } from '../../slots';
import { PlainMessageView } from './message-view';
import { useToolCardSettings } from '../tool-card-settings';
import type { MessageOwnerProps } from '../tool-slots';

export interface ConversationMessageProps {
  readonly role: MessageRole;
  readonly parts: readonly MessagePart[];
}

function renderPlainMessage(props: MessageOwnerProps): ReactNode {
  return <PlainMessageView {...props} />;
}

/**
 * One conversation message through the `conversation.message` slot (its images through the
 * gallery that fills `conversation.message.images`); plain text with image placeholders when the
 * slot is empty or its view crashes. Used by the replay, and by an app for adapted chat messages.
 * Memoised like `ToolCallView`: a replay that grows re-renders only the messages it changed.
 */
export const ConversationMessage = memo(function ConversationMessage({ role, parts }: ConversationMessageProps): ReactNode {
  const { loadImage } = useToolCardSettings();
  // Stable owner props: a crashed message view is retried when they change, not on every render.
  const ownerProps = useMemo<MessageOwnerProps>(() => ({ role, parts, loadImage }), [role, parts, loadImage]);
  return renderSlot('conversation.message', ownerProps, { fallback: renderPlainMessage });
});
