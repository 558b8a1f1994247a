import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';

import { failureReason } from './s3-client.ts';
import { formatS3Location, type S3Location } from './s3-location.ts';

/** An object as a listing names it. */
export interface ListedObject {
  readonly key: string;
  readonly etag: string;
  readonly size: number;
}

/** Every object under the location's prefix, page by page (`pageSize` keys a page, S3's most by default); a listing that fails says which location. */
export async function* objectsUnder(client: S3Client, location: S3Location, pageSize = 1000): AsyncGenerator<ListedObject> {
  let continuationToken: string | undefined;
  do {
    const command = new ListObjectsV2Command({
      Bucket: location.bucket,
      Prefix: location.prefix,
      MaxKeys: pageSize,
      ...(continuationToken === undefined ? {} : { ContinuationToken: continuationToken }),
    });
    let page;
    try {
      page = await client.send(command);
    } catch (error) {
      throw new Error(`Could not list ${formatS3Location(location)} (${failureReason(error)}).`, { cause: error });
    }
    for (const object of page.Contents ?? []) {
      if (object.Key !== undefined) yield { key: object.Key, etag: object.ETag ?? '', size: object.Size ?? 0 };
    }
    continuationToken = page.IsTruncated === true ? page.NextContinuationToken : undefined;
  } while (continuationToken !== undefined);
}
