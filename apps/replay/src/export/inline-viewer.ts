import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { asciiScript, asciiStyle } from './ascii-text.ts';

/** The production viewer as one script and one style sheet, ready to be inlined in an exported page. */
export interface InlineViewer {
  readonly script: string;
  readonly style: string;
  /** The workers' scripts, each of which the page starts from a blob of it: the image difference's and the comparison's. */
  readonly workers: Readonly<Record<InlineWorker, string>>;
}

export type InlineWorker = 'diff' | 'compare';

/** Each inlined worker's asset, as the entry script names it, and what it is called when it is missing. */
const WORKER_ASSETS: Readonly<Record<InlineWorker, { readonly asset: RegExp; readonly name: string }>> = {
  diff: { asset: /\/assets\/(diff-worker-[\w-]+\.js)/, name: 'image difference worker' },
  compare: { asset: /\/assets\/(compare-worker-[\w-]+\.js)/, name: 'compare worker' },
};

/** A built script without its source-map comment (a file has nowhere to load a map from), in ASCII. */
function inlineScript(script: string): string {
  return asciiScript(script.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, ''));
}

/**
 * Reads the built viewer (`ensureViewerBuilt`): the entry script and style sheet its index.html
 * names, without their source-map comments, and the image difference's and the comparison's workers
 * the entry script names. The follow worker stays in the build: an exported page never starts it (see
 * embedded-data-source.ts).
 */
export async function readInlineViewer(viewerDir: string): Promise<InlineViewer> {
  const index = await readFile(path.join(viewerDir, 'index.html'), 'utf8');
  const scriptSrc = /<script type="module"[^>]*\ssrc="\/([^"]+)"/.exec(index)?.[1];
  const styleHref = /<link rel="stylesheet"[^>]*\shref="\/([^"]+)"/.exec(index)?.[1];
  if (scriptSrc === undefined || styleHref === undefined) throw new Error(`${viewerDir}/index.html names no entry script and style sheet: rebuild the viewer`);
  const [script, style] = await Promise.all([readFile(path.join(viewerDir, scriptSrc), 'utf8'), readFile(path.join(viewerDir, styleHref), 'utf8')]);
  const workerScript = async (worker: InlineWorker): Promise<string> => {
    const { asset, name } = WORKER_ASSETS[worker];
    const file = asset.exec(script)?.[1];
    if (file === undefined) throw new Error(`${viewerDir}/${scriptSrc} names no ${name}: rebuild the viewer`);
    return inlineScript(await readFile(path.join(viewerDir, 'assets', file), 'utf8'));
  };
  const [diff, compare] = await Promise.all([workerScript('diff'), workerScript('compare')]);
  return {
    script: inlineScript(script),
    style: asciiStyle(style.replace(/\n?\/\*# sourceMappingURL=\S+ \*\/\s*$/, '')),
    workers: { diff, compare },
  };
}
