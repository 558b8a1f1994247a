import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { sessionsHolding } from '../../src/workbench/session-search.ts';
import { useTempDirs } from '../temp-dirs.ts';

const tempDir = useTempDirs();

describe('sessionsHolding: a streaming scan of each session’s search text', () => {
  it('finds a query anywhere in a text scanned in chunks, across chunk boundaries, as String.includes does (property)', async () => {
    const dir = await tempDir();
    let run = 0;
    // The text follows a first line that holds the query (as a summary's entry has its header, over many chunks): only the text is searched.
    const holds = async (text: string, query: string, chunkBytes: number) => {
      const textPath = path.join(dir, `${String((run += 1))}.txt`);
      await writeFile(textPath, `{"title":"${query.toLowerCase()}"}\n${text.toLowerCase()}`);
      return (await sessionsHolding(query, [{ id: 's', textPath, notesText: '' }], chunkBytes)).length === 1;
    };
    const texts = fc.string({ unit: 'grapheme', maxLength: 40 });
    const queries = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 });
    const chunks = fc.integer({ min: 1, max: 16 });
    // A text holding the query somewhere (often across a chunk boundary), and any text.
    await fc.assert(
      fc.asyncProperty(texts, queries, texts, chunks, async (before, query, after, chunkBytes) => {
        expect(await holds(before + query + after, query, chunkBytes)).toBe(true);
      }),
      { numRuns: 200 },
    );
    await fc.assert(
      fc.asyncProperty(texts, queries, chunks, async (text, query, chunkBytes) => {
        expect(await holds(text, query, chunkBytes)).toBe(text.toLowerCase().includes(query.toLowerCase()));
      }),
      { numRuns: 200 },
    );
  });

  it('finds notes, keeps the order given, and an unreadable text file holds nothing', async () => {
    const dir = await tempDir();
    const a = path.join(dir, 'a.txt');
    const b = path.join(dir, 'b.txt');
    await writeFile(a, '{}\nthe login screen');
    await writeFile(b, '{}\nthe settings page');
    const sessions = [
      { id: 'b', textPath: b, notesText: 'wrong colour on the button' },
      { id: 'a', textPath: a, notesText: '' },
      { id: 'gone', textPath: path.join(dir, 'gone.txt'), notesText: '' },
    ];
    expect(await sessionsHolding('THE', sessions)).toEqual(['b', 'a']);
    expect(await sessionsHolding('Colour', sessions)).toEqual(['b']);
    expect(await sessionsHolding('login', sessions)).toEqual(['a']);
    expect(await sessionsHolding('', sessions)).toEqual(['b', 'a', 'gone']);
  });
});
