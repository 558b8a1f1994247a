import { formatLabel, type LabelSet } from '../../labels';

/** What a card says in place of an image that is not in the store: the store's reason when it refused the bytes. */
export function imageNotAvailableText(reason: string | undefined, labels: LabelSet): string {
  return reason === undefined ? labels['image.notAvailable'] : formatLabel(labels['image.refused'], { reason });
}
