import type { ReactNode } from 'react';
import { useLabels } from '../../labels';
import type { ToolCallNode, ToolRowModel } from '../../model';

/** Gets the approval's id (what the AI SDK's `addToolApprovalResponse({ id, approved })` takes) and the call. */
export type ToolApprovalHandler = (approvalId: string, node: ToolCallNode) => void;

export interface ApprovalButtonsProps {
  readonly node: ToolCallNode;
  readonly row: ToolRowModel;
  readonly onApprove?: ToolApprovalHandler | undefined;
  readonly onReject?: ToolApprovalHandler | undefined;
}

/**
 * Approve and Reject for a call awaiting approval, each shown only when the app handles it: a
 * recorded session cannot be answered, so without handlers the badge alone says it waits.
 */
export function ApprovalButtons({ node, row, onApprove, onReject }: ApprovalButtonsProps): ReactNode {
  const labels = useLabels();
  const approval = node.status === 'running' ? node.approval : undefined;
  if (row.state !== 'awaiting-approval' || approval === undefined || (onApprove === undefined && onReject === undefined)) return null;
  return (
    <span className="tc-row__actions">
      {onApprove === undefined ? null : (
        <button
          type="button"
          className="tc-row__action tc-row__action--approve"
          onClick={() => {
            onApprove(approval.id, node);
          }}
        >
          {labels['row.approve']}
        </button>
      )}
      {onReject === undefined ? null : (
        <button
          type="button"
          className="tc-row__action"
          onClick={() => {
            onReject(approval.id, node);
          }}
        >
          {labels['row.reject']}
        </button>
      )}
    </span>
  );
}
