import { memo, useMemo, type ReactNode } from 'react';
import { useLabels } from '../../labels';
import { imageCardModel, toolRowModel, type ToolCallNode } from '../../model';
import { renderSlot } from '../../slots';
import { InOutBody } from './in-out-body';
import { pathDisplayOptions, useToolCardSettings } from '../tool-card-settings';
import { ToolRow } from './tool-row';
import type { ToolViewOwnerProps } from '../tool-slots';

/** The toolview that shows image cards: a call from another format whose result has images borrows it. */
const IMAGE_CARD_TOOLVIEW_KEY = 'read_image';

/**
 * One call: the toolview registered under its tool name in `tool.call.toolview`, else (also when
 * that toolview crashes) the generic row — except that a call from another format (MCP, the AI
 * SDK) whose result is an image card gets the image card's toolview before the generic row.
 * Memoised on the node, so a long replay re-renders cheaply.
 */
export const ToolCallView = memo(function ToolCallView({ node }: { readonly node: ToolCallNode }): ReactNode {
  const settings = useToolCardSettings();
  const row = toolRowModel(node, pathDisplayOptions(settings));
  const { loadImage } = settings;
  const ownerProps = useMemo<ToolViewOwnerProps>(() => ({ node, row, loadImage }), [node, row, loadImage]);
  return renderSlot('tool.call.toolview', ownerProps, { entryKey: node.name ?? '', fallback: renderWithoutOwnToolview });
});

function renderWithoutOwnToolview(props: ToolViewOwnerProps): ReactNode {
  const { node } = props;
  if (node.origin === undefined || node.name === IMAGE_CARD_TOOLVIEW_KEY || imageCardModel(node) === null) return renderGenericToolRow(props);
  return renderSlot('tool.call.toolview', props, { entryKey: IMAGE_CARD_TOOLVIEW_KEY, fallback: renderGenericToolRow });
}

function renderGenericToolRow(props: ToolViewOwnerProps): ReactNode {
  return <GenericToolRow {...props} />;
}

/** The row of a tool without a toolview of its own: IN/OUT text, then its nested calls. */
export function GenericToolRow({ node, row }: ToolViewOwnerProps): ReactNode {
  const { onOpenFile, onApprove, onReject } = useToolCardSettings();
  return (
    <ToolRow node={node} row={row} onOpenFile={onOpenFile} onApprove={onApprove} onReject={onReject} nested={<NestedToolCalls node={node} />}>
      <InOutBody node={node} row={row} />
    </ToolRow>
  );
}

/**
 * The calls a program dispatched from inside `node`, each shown as a call of its own. Every
 * toolview passes this as its row's `nested`; it lives here because the generic row needs it too.
 */
export function NestedToolCalls({ node }: { readonly node: ToolCallNode }): ReactNode {
  const labels = useLabels();
  if (node.children.length === 0) return null;
  return (
    <div className="tc-nested" role="group" aria-label={labels['row.nestedCalls']}>
      {node.children.map((child) => (
        <ToolCallView key={child.callId} node={child} />
      ))}
    </div>
  );
}
