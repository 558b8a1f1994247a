import path from 'node:path';

import sharp from 'sharp';

import { ConfigModelResolver, LocalAttachmentStore, LocalFileSystem, createReadImageTool } from '../src/index.ts';

const route = { provider: 'bench', model: 'vision' };
const models = new ConfigModelResolver([{ ...route, inputModalities: ['text', 'image'] }]);
const fs = new LocalFileSystem();
const warmUpImage = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
  .png()
  .toBuffer();

export type ReadImageTool = ReturnType<typeof createReadImageTool>;

/** Makes read_image tools for the bench, each on a store of its own under `scratch`. */
export function benchTools(scratch: string) {
  let storeCount = 0;
  return {
    /** A tool whose store exists (its folders made by saving another image) but has never seen the measured file. */
    async fresh(): Promise<ReadImageTool> {
      const attachments = new LocalAttachmentStore({ dir: path.join(scratch, `store-${storeCount++}`) });
      await attachments.saveImage({ data: warmUpImage });
      return createReadImageTool({ fs, attachments, models });
    },
    read(tool: ReadImageTool, file: string) {
      return tool.execute({ file_path: file }, { callId: 'bench', cwd: scratch, route });
    },
  };
}
