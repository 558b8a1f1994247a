import { BAD_INPUT_GROUPS, type BadInputCase } from './bad-input-case.ts';
import { ATTACHMENT_ROUTE_CASES } from './cases/attachment-route.ts';
import { LOCAL_STORE_CASES } from './cases/local-store.ts';
import { ARGUMENT_CASES, FILE_SYSTEM_CASES, IMAGE_BYTES_CASES, LIMIT_CASES, MODEL_ROUTE_CASES } from './cases/read-image-tool.ts';
import { S3_STORE_CASES } from './cases/s3-store.ts';

/** Every bad input the host is tested with, in table order (group, then as listed). */
export const BAD_INPUT_CATALOGUE: readonly BadInputCase[] = [
  ...ARGUMENT_CASES,
  ...MODEL_ROUTE_CASES,
  ...FILE_SYSTEM_CASES,
  ...IMAGE_BYTES_CASES,
  ...LIMIT_CASES,
  ...LOCAL_STORE_CASES,
  ...S3_STORE_CASES,
  ...ATTACHMENT_ROUTE_CASES,
].sort((a, b) => BAD_INPUT_GROUPS.indexOf(a.group) - BAD_INPUT_GROUPS.indexOf(b.group));
