const COUNT = String.raw`[1-9]\d*`;
const RATIO = String.raw`\d+\.\d{2}`;
const SCALED =
  String.raw` \(downscaled from ${COUNT}x${COUNT} px; multiply ` +
  String.raw`(?:coordinates by ${RATIO}|x coordinates by ${RATIO} and y coordinates by ${RATIO})` +
  String.raw` to locate features in the original file\)`;

const IMAGE_ENVELOPE = new RegExp(
  [
    String.raw`^<path>[^\n]+</path>`,
    String.raw`<type>image</type>`,
    String.raw`<content>`,
    String.raw`image/(?:png|jpeg|webp|gif) image, ${COUNT}x${COUNT} px, ${COUNT} bytes(?:${SCALED})?`,
    String.raw`</content>$`,
  ].join('\n'),
);

/**
 * Whether `text` is exactly the `read_image` envelope (DESIGN §2), recognised by its shape.
 * Nothing is extracted from it: the card's label comes from `meta.path`, never from this text.
 */
export function isImageEnvelope(text: string): boolean {
  return IMAGE_ENVELOPE.test(text);
}
