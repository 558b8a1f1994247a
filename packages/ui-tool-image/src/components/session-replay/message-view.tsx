import type { ReactNode } from 'react';
import { useLabels, type LabelKey } from '../../labels';
import type { MessageRole } from './replay-items';

const ROLE_LABELS: Readonly<Record<MessageRole, LabelKey>> = {
  user: 'message.user',
  assistant: 'message.assistant',
  context: 'message.context',
};

export interface MessageViewProps {
  readonly role: MessageRole;
  readonly texts: readonly string[];
}

/** A conversation message as plain text: its role, then each text block. */
export function MessageView({ role, texts }: MessageViewProps): ReactNode {
  const labels = useLabels();
  return (
    <div className={`tc-message tc-message--${role}`}>
      <p className="tc-message__role">{labels[ROLE_LABELS[role]]}</p>
      {texts.map((text, index) => (
        // Blocks of a recorded message never reorder: the index is a stable key.
        <p key={index} className="tc-message__text">
          {text}
        </p>
      ))}
    </div>
  );
}
