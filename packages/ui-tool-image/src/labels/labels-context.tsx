import { createContext, useContext, type ReactNode } from 'react';
import { en } from './en';
import type { LabelSet, Locale } from './label-set';
import { zhCN } from './zh-cn';

const LABEL_SETS: Readonly<Record<Locale, LabelSet>> = { en, 'zh-CN': zhCN };

const LabelsContext = createContext<LabelSet>(en);
/** The locale itself, for numbers written the locale's way (Intl). */
const LocaleContext = createContext<Locale>('en');

export interface LabelsProviderProps {
  readonly locale: Locale;
  readonly children?: ReactNode;
}

export function LabelsProvider({ locale, children }: LabelsProviderProps): ReactNode {
  return (
    <LocaleContext.Provider value={locale}>
      <LabelsContext.Provider value={LABEL_SETS[locale]}>{children}</LabelsContext.Provider>
    </LocaleContext.Provider>
  );
}

/** The label set of the nearest `LabelsProvider`; English without one. */
export function useLabels(): LabelSet {
  return useContext(LabelsContext);
}

/** The locale of the nearest `LabelsProvider` (`en` without one): for `Intl` formats. */
export function useLocale(): Locale {
  return useContext(LocaleContext);
}
