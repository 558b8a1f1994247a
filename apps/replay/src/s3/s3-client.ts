import { S3Client, S3ServiceException, type S3ClientConfig } from '@aws-sdk/client-s3';

/** A client to use (its owner closes it), or the config of one to make. */
export type S3ClientOption = S3Client | S3ClientConfig;

/**
 * The client to use: the given one, or a new one from the SDK's usual environment (AWS_REGION,
 * AWS_ENDPOINT_URL / AWS_ENDPOINT_URL_S3, credentials, profiles) plus the given config. The SDK
 * reads no variable for path-style addressing, which S3-compatible servers such as s3rver and
 * many MinIO set-ups need: `AWS_S3_FORCE_PATH_STYLE=true` turns it on here.
 */
export function openS3Client(given: S3ClientOption | undefined, env: NodeJS.ProcessEnv = process.env): { client: S3Client; owned: boolean } {
  if (given instanceof S3Client) return { client: given, owned: false };
  return { client: new S3Client({ ...s3ClientConfig(env), ...given }), owned: true };
}

/** What the environment adds to the SDK's own reading of it (see openS3Client), as a config for a client someone else makes. */
export function s3ClientConfig(env: NodeJS.ProcessEnv = process.env): S3ClientConfig {
  return /^(true|1|yes)$/i.test(env.AWS_S3_FORCE_PATH_STYLE ?? '') ? { forcePathStyle: true } : {};
}

/** The HTTP status an S3 request failed with, if the server answered. */
export function httpStatusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/** A failed request in a few words: the error's code (S3's, or Node's) and message. */
export function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = error instanceof S3ServiceException ? error.name : 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  return `${code === undefined ? '' : `${code}: `}${error.message || error.name}`;
}
