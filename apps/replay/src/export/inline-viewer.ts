import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { asciiScript, asciiStyle } from './ascii-text.ts';

/** The production viewer as one script and one style sheet, ready to be inlined in an exported page. */
export interface InlineViewer {
  readonly script: string;
  readonly style: string;
  /** The image difference's worker script, which the page starts from a blob of it. */
  readonly diffWorker: string;
}

const DIFF_WORKER = /\/assets\/(diff-worker-[\w-]+\.js)/;

/** A built script without its source-map comment (a file has nowhere to load a map from), in ASCII. */
function inlineScript(script: string): string {
  return asciiScript(script.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, ''));
}

/**
 * Reads the built viewer (`ensureViewerBuilt`): the entry script and style sheet its index.html
 * names, without their source-map comments, and the image difference's worker the entry script
 * names. The follow and compare workers stay in the build: an exported page never starts them (see
 * embedded-data-source.ts).
 */
export async function readInlineViewer(viewerDir: string): Promise<InlineViewer> {
  const index = await readFile(path.join(viewerDir, 'index.html'), 'utf8');
  const scriptSrc = /<script type="module"[^>]*\ssrc="\/([^"]+)"/.exec(index)?.[1];
  const styleHref = /<link rel="stylesheet"[^>]*\shref="\/([^"]+)"/.exec(index)?.[1];
  if (scriptSrc === undefined || styleHref === undefined) throw new Error(`${viewerDir}/index.html names no entry script and style sheet: rebuild the viewer`);
  const [script, style] = await Promise.all([readFile(path.join(viewerDir, scriptSrc), 'utf8'), readFile(path.join(viewerDir, styleHref), 'utf8')]);
  const diffWorker = DIFF_WORKER.exec(script)?.[1];
  if (diffWorker === undefined) throw new Error(`${viewerDir}/${scriptSrc} names no image difference worker: rebuild the viewer`);
  return {
    script: inlineScript(script),
    style: asciiStyle(style.replace(/\n?\/\*# sourceMappingURL=\S+ \*\/\s*$/, '')),
    diffWorker: inlineScript(await readFile(path.join(viewerDir, 'assets', diffWorker), 'utf8')),
  };
}
