import type { AttachmentRef } from '../../model';

/** The name the lightbox shows and downloads under: the recorded name, else `image.<ext>`. */
export function imageFileName(ref: AttachmentRef): string {
  if (ref.name !== undefined && ref.name.trim() !== '') return ref.name;
  const extension = ref.mediaType === 'image/jpeg' ? 'jpg' : ref.mediaType.slice('image/'.length);
  return `image.${extension}`;
}
