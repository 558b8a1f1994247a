const MAX_NAME_LENGTH = 255;

/**
 * The name to show for an attachment: the last path segment (either separator), without
 * control characters (C0, DEL, C1), trimmed and cut to 255 UTF-16 units without splitting a
 * surrogate pair; undefined when nothing is left.
 */
export function toDisplayName(name: string): string | undefined {
  const baseName = name.split(/[/\\]/).at(-1) ?? '';
  const printable = Array.from(baseName)
    .filter((char) => !isControlCharacter(char))
    .join('');
  const shown = truncate(printable.trim(), MAX_NAME_LENGTH).trimEnd();
  return shown === '' ? undefined : shown;
}

function isControlCharacter(char: string): boolean {
  const codePoint = char.codePointAt(0) ?? 0;
  return codePoint <= 0x1f || (codePoint >= 0x7f && codePoint <= 0x9f);
}

function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const lastKept = text.charCodeAt(maxLength - 1);
  const splitsPair = lastKept >= 0xd800 && lastKept <= 0xdbff;
  return text.slice(0, splitsPair ? maxLength - 1 : maxLength);
}
