import { ConversationMessage, ToolCallView, type ConversationItem, type ToolCallTree } from '@toolcard/ui-tool-image';
import type { ReactNode } from 'react';

/** What an embedder writes: each root of an adapted call tree as a tool card. */
export function AdaptedCalls({ tree }: { readonly tree: ToolCallTree }): ReactNode {
  return (
    <div className="tc-replay">
      {tree.roots.map((node) => (
        <ToolCallView key={node.callId} node={node} />
      ))}
    </div>
  );
}

/** A chat adapted from AI SDK messages: message text and images between the tool cards. */
export function AdaptedConversation({ items }: { readonly items: readonly ConversationItem[] }): ReactNode {
  return (
    <div className="tc-replay">
      {items.map((item) =>
        item.kind === 'call' ? (
          <ToolCallView key={item.node.callId} node={item.node} />
        ) : (
          <ConversationMessage key={item.key} role={item.role} parts={item.parts} />
        ),
      )}
    </div>
  );
}
