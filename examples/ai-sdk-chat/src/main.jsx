// A chat page on the AI SDK's useChat: text parts as paragraphs, tool parts as the toolcard cards
// through `callTreeFromUIMessages` (running while the call streams and runs, then the image; click
// it for the lightbox). Image bytes come from the server's attachment route, never from the messages.
import '@toolcard/ui-tool-image/styles.css';
import './chat.css';
import { useChat } from '@ai-sdk/react';
import { ToolCallView, ToolCardProvider, callTreeFromUIMessages } from '@toolcard/ui-tool-image';
import { useCallback, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Chat() {
  const { id, messages, sendMessage, status } = useChat();
  const [draft, setDraft] = useState('Please look at screenshots/login-screen.png');
  const { roots } = useMemo(() => callTreeFromUIMessages(messages), [messages]);
  const nodes = useMemo(() => new Map(roots.map((node) => [node.callId, node])), [roots]);

  const loadImage = useCallback(
    async (ref, { signal }) => {
      const response = await fetch(`/sessions/${encodeURIComponent(id)}/attachments/${encodeURIComponent(ref.attachmentId)}`, { signal });
      if (!response.ok) throw new Error(`attachment request failed with HTTP ${response.status}`);
      return response.blob();
    },
    [id],
  );

  function send(event) {
    event.preventDefault();
    if (draft.trim() === '') return;
    void sendMessage({ text: draft });
    setDraft('');
  }

  return (
    <ToolCardProvider loadImage={loadImage} locale="en">
      <ol className="chat" aria-label="Conversation">
        {messages.map((message) => (
          <li key={message.id} className={`chat__message chat__message--${message.role}`}>
            {message.parts.map((part, index) => {
              if (part.type === 'text') return <p key={index}>{part.text}</p>;
              const node = 'toolCallId' in part ? nodes.get(part.toolCallId) : undefined;
              return node ? <ToolCallView key={part.toolCallId} node={node} /> : null;
            })}
          </li>
        ))}
      </ol>
      <form className="chat__form" onSubmit={send}>
        <label htmlFor="prompt">Message</label>
        <input id="prompt" value={draft} onChange={(event) => setDraft(event.target.value)} disabled={status !== 'ready'} />
        <button type="submit" disabled={status !== 'ready'}>
          Send
        </button>
      </form>
    </ToolCardProvider>
  );
}

createRoot(document.getElementById('root')).render(<Chat />);
