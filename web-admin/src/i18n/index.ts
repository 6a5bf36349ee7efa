// English and Chinese through i18next. Each page registers its own words (its messages.ts) under its own
// namespace when it loads, so a page's words live beside it and no page edits another's; `common` holds the
// words every page shares (navigation, buttons, errors).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from './common.ts';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'zh', label: '中文' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const LANGUAGE_KEY = 'mahjong-ledger.language';

/** A page's words: English, and Chinese with exactly the same keys. */
export type Messages<T> = { readonly [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

export interface PageMessages<T> {
  readonly en: T;
  readonly zh: Messages<T>;
}

function initialLanguage(): Language {
  const stored = globalThis.localStorage?.getItem(LANGUAGE_KEY);
  if (stored === 'en' || stored === 'zh') return stored;
  return globalThis.navigator?.language?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

void i18next.use(initReactI18next).init({
  lng: initialLanguage(),
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: ['common'],
  resources: { en: { common: common.en }, zh: { common: common.zh } },
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});
document.documentElement.lang = i18next.language === 'zh' ? 'zh-Hant' : 'en';

/** Registers a page's words under its namespace (idempotent: a page module may load twice in development). */
export function registerMessages<T extends object>(namespace: string, messages: PageMessages<T>): void {
  for (const language of ['en', 'zh'] as const)
    if (!i18next.hasResourceBundle(language, namespace))
      i18next.addResourceBundle(language, namespace, messages[language]);
}

export function setLanguage(language: Language): void {
  globalThis.localStorage?.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language === 'zh' ? 'zh-Hant' : 'en';
  void i18next.changeLanguage(language);
}

export { i18next };
