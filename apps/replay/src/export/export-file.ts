import { open, rename, rm } from 'node:fs/promises';

/** Writes an exported page's pieces to `output` (to a temporary name first, renamed when whole: an interrupted export leaves no half file); its size in bytes. */
export async function writeExportFile(output: string, chunks: Iterable<Uint8Array>): Promise<number> {
  const partial = `${output}.${String(process.pid)}.partial`;
  const file = await open(partial, 'w');
  let bytes = 0;
  try {
    for (const chunk of chunks) {
      await file.write(chunk);
      bytes += chunk.byteLength;
    }
  } catch (error) {
    await file.close();
    await rm(partial, { force: true });
    throw error;
  }
  await file.close();
  await rename(partial, output);
  return bytes;
}
