export { en } from './en';
export { zhCN } from './zh-cn';
export { formatLabel } from './format-label';
export { LabelsProvider, useLabels, useLocale, type LabelsProviderProps } from './labels-context';
export type { LabelKey, LabelSet, Locale } from './label-set';
