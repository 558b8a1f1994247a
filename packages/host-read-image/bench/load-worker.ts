// One process of the shared-store load (load-bench.ts): once told to go (a line on stdin), runs
// its read_image calls all at once against the store directory it shares with the other
// processes, then prints the outcomes, its time and its peak RSS as one JSON line.
import { LocalFileSystem } from '../src/fs/local-file-system.ts';
import { ConfigModelResolver } from '../src/model-routes/config-model-resolver.ts';
import { LocalAttachmentStore } from '../src/store/local/local-attachment-store.ts';
import { createReadImageTool } from '../src/tool/read-image-tool.ts';

const [storeDir = '', workspace = '', callsText = '50', ...names] = process.argv.slice(2);
const route = { provider: 'load', model: 'vision' };
const tool = createReadImageTool({
  fs: new LocalFileSystem({ roots: [workspace] }),
  attachments: new LocalAttachmentStore({ dir: storeDir }),
  models: new ConfigModelResolver([{ ...route, inputModalities: ['text', 'image'] }]),
});
const calls = Array.from({ length: Number(callsText) }, (_, index) => names[index % names.length] ?? '');

process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
const started = performance.now();
const results = await Promise.all(
  calls.map(async (name, index) => {
    const result = await tool.execute({ file_path: name }, { callId: `call-${index}`, cwd: workspace, route });
    const image = result.content.find((block) => block.type === 'image');
    return {
      name,
      isError: result.isError,
      ...(result.error ? { code: result.error.code } : {}),
      ...(image?.type === 'image' ? { attachmentId: image.attachment.attachmentId } : {}),
    };
  }),
);
const wallMs = performance.now() - started;
process.stdout.write(`${JSON.stringify({ results, wallMs, peakRssMiB: process.resourceUsage().maxRSS / 1024 })}\n`);
