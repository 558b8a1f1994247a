import { describe, expect, it } from 'vitest';
import { displayPath } from '../../src/model';
import { pathParts } from '../../src/model/path-display';

const CWD = '/home/qa/project';
const HOME = '/home/qa';

describe('displayPath', () => {
  it.each([
    ['inside cwd → relative', `${CWD}/src/a.png`, { cwd: CWD, home: HOME }, 'src/a.png'],
    ['exactly cwd → .', CWD, { cwd: CWD, home: HOME }, '.'],
    ['cwd with a trailing slash', `${CWD}/a.png`, { cwd: `${CWD}//` }, 'a.png'],
    ['a sibling sharing the cwd prefix is not inside', `${CWD}-old/a.png`, { cwd: CWD }, `${CWD}-old/a.png`],
    ['inside home, outside cwd → ~/', `${HOME}/Desktop/a.png`, { cwd: CWD, home: HOME }, '~/Desktop/a.png'],
    ['exactly home → ~', HOME, { cwd: CWD, home: HOME }, '~'],
    ['inside cwd wins over home', `${CWD}/a.png`, { cwd: CWD, home: HOME }, 'a.png'],
    ['outside both → unchanged', '/tmp/a.png', { cwd: CWD, home: HOME }, '/tmp/a.png'],
    ['no options → unchanged', `${CWD}/a.png`, {}, `${CWD}/a.png`],
    ['root cwd', '/etc/hosts', { cwd: '/' }, 'etc/hosts'],
    ['root home abbreviates nothing', '/etc/hosts', { home: '/' }, '/etc/hosts'],
    ['relative cwd is ignored', 'project/a.png', { cwd: 'project' }, 'project/a.png'],
    ['relative path → unchanged', 'red.png', { cwd: CWD, home: HOME }, 'red.png'],
    ['Windows drive path → unchanged', 'C:\\Users\\qa\\a.png', { cwd: 'C:\\Users\\qa', home: 'C:\\Users\\qa' }, 'C:\\Users\\qa\\a.png'],
    ['Windows forward-slash drive path → unchanged', 'C:/a.png', { cwd: 'C:/' }, 'C:/a.png'],
    ['Windows path with a root cwd → unchanged', 'C:\\a.png', { cwd: '/', home: HOME }, 'C:\\a.png'],
    ['UNC path → unchanged', '\\\\server\\share\\a.png', { cwd: '\\\\server\\share' }, '\\\\server\\share\\a.png'],
  ] as const)('%s', (_case, path, options, shown) => {
    expect(displayPath(path, options)).toBe(shown);
  });

  it('handles a very long run of slashes in cwd', () => {
    const cwd = `/${'/'.repeat(200_000)}x`;
    expect(displayPath(`${cwd}/a.png`, { cwd })).toBe('a.png');
  });
});

describe('pathParts', () => {
  it.each([
    ['a relative path', 'screenshots/login-screen.png', { directory: 'screenshots/', name: 'login-screen.png' }],
    ['an absolute path', '/tmp/a/b.png', { directory: '/tmp/a/', name: 'b.png' }],
    ['a Windows path', String.raw`C:\shots\b.png`, { directory: String.raw`C:\shots\\`.slice(0, -1), name: 'b.png' }],
    ['a bare name', 'b.png', { directory: '', name: 'b.png' }],
    ['a directory (trailing slash) stays whole', 'shots/', { directory: '', name: 'shots/' }],
    ['~', '~', { directory: '', name: '~' }],
  ])('%s', (_case, path, parts) => {
    expect(pathParts(path)).toEqual(parts);
    expect(parts.directory + parts.name).toBe(path);
  });
});
