import { describe, expect, it } from 'vitest';

import type { BadInputCase } from './bad-input-case.ts';
import { renderTable } from './bad-input-table.ts';

/** A case as the table sees it: its run is never called here. */
function badInput(name: string): BadInputCase {
  return { group: 'Arguments', name, code: 'INVALID_ARGUMENTS', says: /./, run: () => Promise.reject(new Error('not run')) };
}

describe('the bad-input table is MDX the Reliability page can compile', () => {
  it('escapes what MDX would read as JSX or an expression in a case name, outside its code spans', () => {
    const table = renderTable([{ badInput: badInput('a <dir> and {x} beside `<kept>` and `{kept}`'), outcome: { code: 'C', message: 'says <a> {b}' } }]);
    expect(table).toContain('| a \\<dir> and \\{x\\} beside `<kept>` and `{kept}` | `C` | `says <a> {b}` |');
  });
});
