import { BAD_INPUT_GROUPS, type BadInputCase, type Outcome } from './bad-input-case.ts';

/** MDX comments: the table lives in the Reliability docs page (`docs/pages/06-reliability.mdx`). */
export const TABLE_START = '{/* bad-inputs:start — generated from packages/host-read-image/test/bad-inputs by `pnpm run docs:bad-inputs`; do not edit */}';
export const TABLE_END = '{/* bad-inputs:end */}';

export interface TableRow {
  readonly badInput: BadInputCase;
  readonly outcome: Outcome;
}

/**
 * A message as the table shows it: the run's own directories named by role, random temp names,
 * local ports and digests made stable, long runs of one character shortened, so the table is the
 * same on every machine.
 */
export function stableMessage(message: string, dirs: Readonly<Record<string, string>>): string {
  let text = message;
  for (const [role, dir] of Object.entries(dirs)) text = text.replaceAll(dir, `<${role}>`);
  return text
    .replace(/\btoolcard-[A-Za-z0-9]{6}\b/g, 'toolcard-<random>')
    .replace(/\b\d+\.[0-9a-f]{8}\.(\w+)-[A-Za-z0-9-]+/g, '<pid>.<host>.$1-<random>') // the store's temp entries
    .replace(/\b127\.0\.0\.1:\d+\b/g, '127.0.0.1:<port>')
    .replace(/\b[0-9a-f]{64}\b/g, '<hex>')
    .replace(/(.)\1{15,}/g, (run, char: string) => `${char}…(${run.length}×)`);
}

/** The generated section: one table per group, in the catalogue's group order. */
export function renderTable(rows: readonly TableRow[]): string {
  const lines = [TABLE_START, '', `${rows.length} cases, each a test in \`packages/host-read-image/test/bad-inputs/\`.`];
  for (const group of BAD_INPUT_GROUPS) {
    const inGroup = rows.filter((row) => row.badInput.group === group);
    if (inGroup.length === 0) continue;
    lines.push('', `**${group}** (${inGroup.length})`, '', '| bad input | code | message |', '|---|---|---|');
    for (const { badInput, outcome } of inGroup) {
      lines.push(`| ${mdxText(cell(badInput.name))} | \`${outcome.code}\` | ${codeSpan(cell(outcome.message))} |`);
    }
  }
  lines.push('', TABLE_END);
  return lines.join('\n');
}

/** The generated section of `page`, markers included; fails when the markers are missing. */
export function tableIn(page: string): string {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  if (start === -1 || end < start) throw new Error(`the Reliability page has no "${TABLE_START}" … "${TABLE_END}" section`);
  return page.slice(start, end + TABLE_END.length);
}

/**
 * Prose outside code spans, with what MDX would read as JSX (`<`) or an expression (`{`, `}`) escaped:
 * a case name such as "a `<dir>` argument" must stay text.
 */
function mdxText(text: string): string {
  return text
    .split(/(`+[^`]*`+)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[<{}]/g, (char) => `\\${char}`)))
    .join('');
}

/** Verbatim, so `<workspace>` and the like are not taken for HTML or JSX. */
function codeSpan(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replace(/\s*\n\s*/g, ' ');
}
