import { describe, expect, it } from 'vitest';
import { displayPath } from '../../src/model';

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
