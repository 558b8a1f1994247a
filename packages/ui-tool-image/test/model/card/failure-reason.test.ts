import { describe, expect, it } from 'vitest';
import { failureReason } from '../../../src/model/card/failure-reason';

describe('failureReason', () => {
  it.each([
    [
      'the read_image subject goes, the reason stays',
      'Error: cannot read "/home/qa/project/art/vector.svg" as an image: the extension ".svg" is not an image type this tool reads',
      'the extension ".svg" is not an image type this tool reads',
    ],
    [
      'a route refusal',
      'Error: cannot read "red.png" as an image: model "text-only" does not declare image input; switch to an image-capable model to read images',
      'model "text-only" does not declare image input; switch to an image-capable model to read images',
    ],
    [
      'a path with escaped quotes and a colon',
      String.raw`Error: cannot read "odd \"name\": x.png" as an image: the file does not exist; check the path`,
      'the file does not exist; check the path',
    ],
    ['another tool: only the Error: prefix goes', 'Error: command exited with code 2', 'command exited with code 2'],
    ['no prefix at all', 'reading "a.png" was aborted', 'reading "a.png" was aborted'],
    ['a subject somewhere else is kept', 'Error: retry: cannot read "a.png" as an image: x', 'retry: cannot read "a.png" as an image: x'],
    ['the subject alone is kept', 'Error: cannot read "a.png" as an image:', 'cannot read "a.png" as an image:'],
    ['the prefix alone is kept', 'Error:', 'Error:'],
  ])('%s', (_case, line, reason) => {
    expect(failureReason(line)).toBe(reason);
  });
});
