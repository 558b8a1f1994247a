import { readImageRefusal, type ReadOptions } from './bad-input-case.ts';

/** `CaseContext.readImageWithoutPrivileges` runs one tool call here, as another user. */
const { dirs, filePath, options } = JSON.parse(process.argv[2] ?? '') as {
  dirs: { workspace: string; storeDir: string };
  filePath: string;
  options: Pick<ReadOptions, 'storeDir'>;
};
process.stdout.write(JSON.stringify(await readImageRefusal(dirs, filePath, options)));
