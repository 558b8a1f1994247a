import { createServer } from 'node:http';

/**
 * An S3 endpoint that lists whatever keys it is given (s3rver stores keys as file paths, so it
 * cannot hold a key with `..` or `//`), in pages of `max-keys` (s3rver 3.7.1's continuation
 * tokens use DES, which Node 20's OpenSSL 3 refuses), answers a GET of any of them with `body`,
 * and records the keys it was asked for.
 */
export async function startHostileS3Server(
  keys: readonly string[],
  body = '{"type":"session"}\n',
): Promise<{ endpoint: string; gets: string[]; stop(): Promise<void> }> {
  const gets: string[] = [];
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const [, , ...keyParts] = url.pathname.split('/');
    if (keyParts.length === 0 || (keyParts.length === 1 && keyParts[0] === '')) {
      const start = Number(url.searchParams.get('continuation-token') ?? '0');
      const end = start + Number(url.searchParams.get('max-keys') ?? '1000');
      const page = keys.slice(start, end);
      const next = end < keys.length ? `<NextContinuationToken>${String(end)}</NextContinuationToken>` : '';
      const contents = page
        .map(
          (key) =>
            `<Contents><Key>${escape(key)}</Key><ETag>"e-${String(key.length)}"</ETag><Size>${String(body.length)}</Size><LastModified>2026-12-04T00:00:00.000Z</LastModified></Contents>`,
        )
        .join('');
      response.writeHead(200, { 'Content-Type': 'application/xml' });
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><KeyCount>${String(page.length)}</KeyCount><IsTruncated>${String(next !== '')}</IsTruncated>${next}${contents}</ListBucketResult>`,
      );
      return;
    }
    gets.push(decodeURIComponent(keyParts.join('/')));
    response.writeHead(200, { ETag: '"e"', 'Content-Length': String(Buffer.byteLength(body)) });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return {
    endpoint: `http://127.0.0.1:${String(address.port)}`,
    gets,
    stop: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}
