import type { LabelSet } from '../../labels';
import type { ToolCallNode, ToolRowModel } from '../../model';

/** A row's title: its tool's label; an unknown tool is better named by its recorded name than by the generic title. */
export function rowTitle(node: ToolCallNode, row: ToolRowModel, labels: LabelSet): string {
  return row.titleKey === 'tool.title.generic' && node.name ? node.name : labels[row.titleKey];
}
