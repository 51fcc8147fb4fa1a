export {
  I18nProvider,
  useT,
  useLanguage,
  createTranslate,
  isLanguage,
  translateCode,
  type Translate,
} from './i18n-provider';
export { useFormat } from './use-format';
export {
  isCompleteCatalogue,
  loadCatalogue,
  loadedCatalogue,
  loadMoreTexts,
  pageTextsMissed,
  provideCatalogue,
  provideMoreTexts,
  providePageTexts,
} from './catalogues';
export type { MessageKey } from './types';
