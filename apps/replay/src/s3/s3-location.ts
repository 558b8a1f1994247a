/** A folder of a bucket: `s3://bucket/prefix`. `prefix` is empty (the whole bucket) or ends with `/`. */
export interface S3Location {
  readonly bucket: string;
  readonly prefix: string;
}

/** An `s3://` argument that names no bucket folder; the message says what is wrong with it. */
export class S3LocationError extends Error {
  override readonly name = 'S3LocationError';
}

const SCHEME = 's3://';
const MAX_KEY_BYTES = 1024;
const BUCKET_CHARACTERS = /^[a-z0-9.-]+$/;
const IP_ADDRESS = /^\d{1,3}(\.\d{1,3}){3}$/;
const RESERVED_STARTS = ['xn--', 'sthree-', 'amzn-s3-demo-'];
const RESERVED_ENDS = ['-s3alias', '--ol-s3', '.mrap', '--x-s3', '--table-s3'];

/** Whether a command-line path means a bucket rather than a local file. */
export function isS3Url(text: string): boolean {
  return text.toLowerCase().startsWith(SCHEME);
}

/**
 * Reads `s3://bucket/prefix`. The prefix names a folder: `s3://b/runs` and `s3://b/runs/` both
 * list the keys under `runs/` (and not `runs-old/…`), as a file manager would.
 */
export function parseS3Location(text: string): S3Location {
  if (!isS3Url(text)) throw new S3LocationError(`"${text}" is not an s3:// URL (expected s3://bucket/prefix).`);
  const rest = text.slice(SCHEME.length);
  const slash = rest.indexOf('/');
  const bucket = slash === -1 ? rest : rest.slice(0, slash);
  const path = slash === -1 ? '' : rest.slice(slash + 1);
  const problem = bucketNameProblem(bucket);
  if (problem !== undefined) throw new S3LocationError(`"${text}" names no bucket: ${problem}.`);
  if (hasControlCharacter(path)) throw new S3LocationError(`"${text}": the prefix contains a control character.`);
  const prefix = path === '' || path.endsWith('/') ? path : `${path}/`;
  if (Buffer.byteLength(prefix) > MAX_KEY_BYTES)
    throw new S3LocationError(`"${text}": the prefix is longer than S3's ${String(MAX_KEY_BYTES)}-byte key limit.`);
  return { bucket, prefix };
}

/** The location as a URL, as it is shown to people. */
export function formatS3Location({ bucket, prefix }: S3Location): string {
  return `${SCHEME}${bucket}/${prefix}`;
}

/** Why `bucket` is not a name S3 gives buckets today (general purpose bucket naming rules), or undefined. */
function bucketNameProblem(bucket: string): string | undefined {
  if (bucket === '') return 'the bucket name is empty';
  if (bucket.length < 3 || bucket.length > 63) return `"${bucket}" is not 3 to 63 characters long`;
  if (!BUCKET_CHARACTERS.test(bucket)) return `"${bucket}" has characters other than lowercase letters, digits, "." and "-"`;
  if (!/^[a-z0-9]/.test(bucket) || !/[a-z0-9]$/.test(bucket)) return `"${bucket}" does not begin and end with a letter or digit`;
  if (bucket.includes('..')) return `"${bucket}" has two adjacent periods`;
  if (IP_ADDRESS.test(bucket)) return `"${bucket}" is formatted as an IP address`;
  const reserved = RESERVED_STARTS.find((start) => bucket.startsWith(start)) ?? RESERVED_ENDS.find((end) => bucket.endsWith(end));
  if (reserved !== undefined) return `"${bucket}" uses the reserved "${reserved}"`;
  return undefined;
}

function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
