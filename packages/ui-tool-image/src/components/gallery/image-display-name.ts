import type { LabelSet } from '../../labels';
import type { AttachmentRef } from '../../model';

/** What a thumbnail is called: the recorded name, else the generic "Image". */
export function imageDisplayName(ref: AttachmentRef, labels: LabelSet): string {
  const name = ref.name?.trim();
  return name === undefined || name === '' ? labels['image.untitled'] : name;
}
