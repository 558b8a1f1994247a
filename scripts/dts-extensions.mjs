// Makes emitted declaration files valid for Node's ESM resolution (`moduleResolution: node16` /
// `nodenext`): the UI sources import extensionless (`./model`, `./tool-row`), which bundlers accept
// but Node ESM does not, so every relative specifier in the `.d.ts` files under DIR is rewritten to
// the file it names: `./tool-row` → `./tool-row.js`, `./model` → `./model/index.js`. A specifier
// that names no emitted declaration fails the build.
//
//   node scripts/dts-extensions.mjs packages/ui-tool-image/dist/types
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = process.argv[2];
if (root === undefined || !existsSync(root)) {
  console.error('usage: node scripts/dts-extensions.mjs <declaration dir>');
  process.exit(2);
}

/** @param {string} dir @returns {string[]} */
function declarationFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return declarationFiles(full);
    return name.endsWith('.d.ts') ? [full] : [];
  });
}

/** @param {string} file @param {string} specifier */
function fullySpecified(file, specifier) {
  if (/\.(js|mjs|cjs|json)$/.test(specifier)) return specifier;
  const base = path.resolve(path.dirname(file), specifier.replace(/\.tsx?$/, ''));
  if (existsSync(`${base}.d.ts`)) return `${specifier.replace(/\.tsx?$/, '')}.js`;
  if (existsSync(path.join(base, 'index.d.ts'))) return `${specifier.replace(/\/$/, '')}/index.js`;
  throw new Error(`${file}: the relative import "${specifier}" names no emitted declaration`);
}

// `from './x'`, `import('./x')`, `import './x'` — relative specifiers only.
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g;
let rewritten = 0;
for (const file of declarationFiles(root)) {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(SPECIFIER, (_match, lead, quote, specifier) => {
    const target = fullySpecified(file, specifier);
    if (target !== specifier) rewritten += 1;
    return `${lead}${quote}${target}${quote}`;
  });
  if (next !== text) writeFileSync(file, next);
}
console.log(`dts-extensions: ${rewritten} relative specifiers made fully specified under ${root}`);
