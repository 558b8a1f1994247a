import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { asciiScript, asciiStyle } from './ascii-text.ts';

/** The production viewer as one script and one style sheet, ready to be inlined in an exported page. */
export interface InlineViewer {
  readonly script: string;
  readonly style: string;
}

/**
 * Reads the built viewer (`ensureViewerBuilt`): the entry script and style sheet its index.html
 * names, without their source-map comments (a file has nowhere to load a map from). The follow
 * worker stays in the build: an exported page never starts it (see embedded-data-source.ts).
 */
export async function readInlineViewer(viewerDir: string): Promise<InlineViewer> {
  const index = await readFile(path.join(viewerDir, 'index.html'), 'utf8');
  const scriptSrc = /<script type="module"[^>]*\ssrc="\/([^"]+)"/.exec(index)?.[1];
  const styleHref = /<link rel="stylesheet"[^>]*\shref="\/([^"]+)"/.exec(index)?.[1];
  if (scriptSrc === undefined || styleHref === undefined) throw new Error(`${viewerDir}/index.html names no entry script and style sheet: rebuild the viewer`);
  const [script, style] = await Promise.all([readFile(path.join(viewerDir, scriptSrc), 'utf8'), readFile(path.join(viewerDir, styleHref), 'utf8')]);
  return {
    script: asciiScript(script.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '')),
    style: asciiStyle(style.replace(/\n?\/\*# sourceMappingURL=\S+ \*\/\s*$/, '')),
  };
}
