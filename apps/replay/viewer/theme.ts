import { useEffect, useState } from 'react';

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Where the choice is remembered, per browser (the viewer has no account to keep it in). */
const STORAGE_KEY = 'toolcard-replay-theme';

export function isTheme(value: unknown): value is Theme {
  return THEMES.includes(value as Theme);
}

function storedTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isTheme(stored) ? stored : 'system';
  } catch {
    // Storage refused (a privacy mode): the system's theme, not remembered.
    return 'system';
  }
}

/**
 * The page's theme: the system's (the OS preference) unless the person chose light or dark, which
 * is remembered. A chosen theme is `data-tc-theme` on the root, which the cards' and the page's
 * `--tc-*` colours follow.
 */
export function useTheme(): readonly [Theme, (theme: Theme) => void] {
  const [theme, setTheme] = useState(storedTheme);
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.tcTheme;
    else root.dataset.tcTheme = theme;
    try {
      window.localStorage.setItem(STORAGE_KEY, theme);
    } catch {
      // Not remembered; the page still shows it.
    }
  }, [theme]);
  return [theme, setTheme] as const;
}
