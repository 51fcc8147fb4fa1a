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
export { loadCatalogue, loadedCatalogue, provideCatalogue } from './catalogues';
export type { MessageKey } from './types';
