import type { BadInputCase } from '../bad-input-case.ts';

/**
 * Extension point: the S3 store's fault cases (server down, slow server aborted, object altered in
 * the bucket, …) join the table here, each with `group: 'S3 store'`, running against the S3
 * server its own suite starts. Until then the group is left out of the table.
 */
export const S3_STORE_CASES: readonly BadInputCase[] = [];
