import { describe, expect, it } from 'vitest';
import {
  conversationFromAnthropicMessages,
  conversationFromResponsesItems,
  refusedImageMarker,
  storedImageMarker,
  type AttachmentRef,
} from '../../../../src/model';
import { adaptedImageSource } from '../../../../src/model/adapted-image-source';
import { shownTexts } from '../conversation-summary';

const STORED: AttachmentRef = { attachmentId: `sha256:${'ab'.repeat(32)}`, mediaType: 'image/webp', bytes: 2048, width: 640, height: 480 };

function anthropicImage(data: string) {
  return [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data } }] }];
}

function imagesOf(items: ReturnType<typeof conversationFromAnthropicMessages>['items']): AttachmentRef[] {
  return items.flatMap((item) =>
    item.kind === 'message' ? item.parts.flatMap((part) => (part.kind === 'images' ? part.images.map((image) => image.attachment) : [])) : [],
  );
}

describe('inline image markers (what a server writes in place of base64 it moved into a store)', () => {
  it('a stored marker in base64 data is the stored reference, loaded by the app, not inline bytes', () => {
    const [image] = imagesOf(conversationFromAnthropicMessages(anthropicImage(storedImageMarker(STORED))).items);
    expect(image).toEqual(STORED);
    expect(image && adaptedImageSource(image)).toBeUndefined();
  });

  it('a stored marker as a data URL payload is the stored reference too', () => {
    const items = conversationFromResponsesItems([
      { role: 'user', content: [{ type: 'input_image', image_url: `data:image/png;base64,${storedImageMarker(STORED)}` }] },
    ]).items;
    expect(imagesOf(items)).toEqual([STORED]);
  });

  it('a refused marker is a placeholder naming the reason, shown as text', () => {
    const { items } = conversationFromAnthropicMessages(anthropicImage(refusedImageMarker('the image has more than 100000000 pixels')));
    expect(imagesOf(items)).toEqual([]);
    expect(shownTexts(items)).toEqual(['[image not shown: the image has more than 100000000 pixels]']);
  });

  it('a marker whose reference does not hold is not trusted: the data is read as base64 and is no image', () => {
    const forged = storedImageMarker({ ...STORED, width: -1 });
    const { items } = conversationFromAnthropicMessages(anthropicImage(forged));
    expect(imagesOf(items)).toEqual([]);
    expect(shownTexts(items)).toEqual(['[image that could not be read: image/png]']);
  });
});
