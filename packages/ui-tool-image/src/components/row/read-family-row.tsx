import type { ReactNode } from 'react';
import { imageCardModel } from '../../model';
import { ImageCardBody } from './image-card-body';
import { ResultText } from './result-text';
import { pathDisplayOptions, useToolCardSettings } from '../tool-card-settings';
import { NestedToolCalls } from './tool-call-view';
import { ToolRow } from './tool-row';
import type { ToolViewOwnerProps } from '../tool-slots';

/**
 * The single-file row shared by `read` (text card) and `read_image` (image card). A call the
 * image card declines (running, refused, failed, stopped, recorded without meta, or a plain
 * `read`) shows its flattened result as text, never a gallery.
 */
export function ReadFamilyRow({ node, row, loadImage }: ToolViewOwnerProps): ReactNode {
  const settings = useToolCardSettings();
  const card = imageCardModel(node, pathDisplayOptions(settings));
  return (
    <ToolRow
      node={node}
      row={row}
      onOpenFile={settings.onOpenFile}
      onApprove={settings.onApprove}
      onReject={settings.onReject}
      autoExpand={card !== null && settings.expandImageResults}
      nested={<NestedToolCalls node={node} />}
    >
      {card === null ? <ResultText output={row.output} /> : <ImageCardBody card={card} loadImage={loadImage} labelInHeader={row.summary !== undefined} />}
    </ToolRow>
  );
}
