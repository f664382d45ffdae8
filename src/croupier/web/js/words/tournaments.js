// The tournament pages' words (English, French, Italian); the core's are in i18n_*.js.
export const WORDS = {
  en: {},
  fr: {},
  it: {},
};
