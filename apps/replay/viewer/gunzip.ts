/**
 * gzip bytes (an exported file's log) gunzipped whole before any is parsed (`DecompressionStream`:
 * no request, so nothing the file's policy must allow), on the thread that asks: the page for a
 * session, the compare worker for a comparison. Bytes that do not gunzip to the end (a file damaged
 * after it was written) give the log as far as they go: the reader's problems then say its last
 * line is cut short.
 */
export async function gunzip(gzipped: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const reader = new Blob([gzipped]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const chunks: Uint8Array[] = [];
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push(chunk.value);
  } catch {
    // As far as they went (see above).
  }
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
