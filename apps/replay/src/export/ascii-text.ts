/**
 * Text the export writes into its page, in ASCII only: the page is read as windows-1252 (so an
 * image's bytes are one character each, see wire/export-bytes.ts), and any other character would
 * be read as something else. Each helper writes the escape of the language the text is in.
 */

/** JSON for a `<script type="application/json">`: nothing in it can end the element, start a comment or be read as markup (`<`, `>`, `&`), and no character beyond ASCII (U+2028 and U+2029 among them). */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u007f-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** An attribute's value between double quotes. */
export function attributeText(value: string): string {
  return value.replace(/[&"<>\u007f-\uffff]/g, (character) => `&#${String(character.charCodeAt(0))};`);
}

/**
 * The viewer's minified script in ASCII and without NUL (which the HTML parser replaces): those
 * characters are all in string, template or regular-expression literals (labels such as "…", "×", the Chinese words), where `\uXXXX` means the
 * same character (an astral one as its two surrogates). `</script` becomes `<\/script` there, as the
 * same string; the builder refuses a script holding `<!--`, which the HTML parser reads specially.
 */
export function asciiScript(script: string): string {
  if (script.includes('<!--')) throw new Error('the viewer bundle holds "<!--": it cannot be inlined in a <script> as it is');
  return script.replace(/<\/(script)/gi, '<\\/$1').replace(/[\u007f-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The viewer's style sheet in ASCII: CSS's `\HEX ` escape means the same character in a string or a name; the builder refuses one holding `</style`. */
export function asciiStyle(style: string): string {
  if (/<\/style/i.test(style)) throw new Error('the viewer style sheet holds "</style": it cannot be inlined as it is');
  return style.replace(/[\u007f-\u{10ffff}]/gu, (character) => `\\${(character.codePointAt(0) ?? 0).toString(16)} `);
}
