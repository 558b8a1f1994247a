import { useId, useMemo, type ReactNode } from 'react';
import { useLabels } from '../../labels';
import type { ToolCallNode, ToolRowModel } from '../../model';
import { renderOptionalSlot } from '../../slots';
import type { CallActionsOwnerProps } from '../tool-slots';
import { ApprovalButtons, type ToolApprovalHandler } from './approval-buttons';
import { useRowOpen } from './row-open-state';
import { RowCallContext } from './row-call-context';
import { RowSummary } from './row-summary';
import { rowTitle } from './row-title';
import { ToolIcon } from './tool-icon';

export interface ToolRowProps {
  readonly node: ToolCallNode;
  readonly row: ToolRowModel;
  readonly onOpenFile?: ((path: string) => void) | undefined;
  /** A call awaiting approval offers Approve and Reject when the app passes these (e.g. to the AI SDK's `addToolApprovalResponse`). */
  readonly onApprove?: ToolApprovalHandler | undefined;
  readonly onReject?: ToolApprovalHandler | undefined;
  /**
   * Whether the body is open while the person has not toggled the row. Followed as it changes, so
   * a live call that settles into an image card opens itself; once toggled, the person's choice wins.
   */
  readonly autoExpand?: boolean;
  /** The body: mounted only while the row is expanded. */
  readonly children?: ReactNode;
  /**
   * Sub-rows (calls dispatched from inside this one): always shown under the row, as the harness
   * shows them; the row's own toggle hides only its body.
   */
  readonly nested?: ReactNode;
}

/**
 * The chrome every tool row shares: icon, title, state, path summary and a disclosure for the body.
 * The summary button sits beside the disclosure button, never inside it: buttons cannot nest.
 */
export function ToolRow({ node, row, onOpenFile, onApprove, onReject, autoExpand = false, children, nested }: ToolRowProps): ReactNode {
  const labels = useLabels();
  const bodyId = useId();
  const nameIds = { title: useId(), state: useId(), reason: useId() };
  const [expanded, setExpanded] = useRowOpen(node.callId, autoExpand);
  // Stable owner props: a crashed entry is retried when they change, not on every render.
  const actionsProps = useMemo<CallActionsOwnerProps>(() => ({ node, row }), [node, row]);
  const busy = row.state === 'running' || row.state === 'preparing';
  const title = rowTitle(node, row, labels);

  return (
    <RowCallContext.Provider value={node.callId}>
      <div
        className="tc-row"
        data-tool={node.name ?? undefined}
        data-state={row.state}
        data-call-id={node.callId}
        data-variant={row.variant}
        aria-busy={busy || undefined}
      >
        <div className="tc-row__header">
          <button
            type="button"
            className="tc-row__disclosure"
            aria-expanded={expanded}
            aria-controls={bodyId}
            // The name is the title and state, then why a refused, failed or stopped call ended ("Read image Failed the file does not exist…").
            aria-labelledby={row.reason === undefined ? undefined : `${nameIds.title} ${nameIds.state} ${nameIds.reason}`}
            onClick={() => {
              setExpanded(!expanded);
            }}
          >
            <span className="tc-row__chevron" aria-hidden="true" />
            <ToolIcon variant={row.variant} />
            <span id={nameIds.title} className="tc-row__title">
              {title}
            </span>
            {/* Keeps title and state apart in the accessible name: "Read image Done". */}{' '}
            {/* The state's badge: its own icon, word and colour, so no state is told by colour alone. */}
            <span className="tc-row__state">
              <span className="tc-row__state-icon" aria-hidden="true" />
              <span id={nameIds.state} className="tc-row__state-label">
                {labels[`state.${row.state}`]}
              </span>
            </span>
          </button>
          <RowSummary row={row} onOpenFile={onOpenFile} />
          {row.reason === undefined ? null : (
            <span id={nameIds.reason} className="tc-row__reason">
              {row.reason}
            </span>
          )}
          <ApprovalButtons node={node} row={row} onApprove={onApprove} onReject={onReject} />
          {renderOptionalSlot('tool.call.actions', actionsProps)}
        </div>
        {/* Always present so aria-controls points at an element; the content mounts only while open. */}
        <div id={bodyId} className="tc-row__body" hidden={!expanded}>
          {expanded ? children : null}
        </div>
        {nested}
      </div>
    </RowCallContext.Provider>
  );
}
