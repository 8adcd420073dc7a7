/** Where the visitor's chosen language is kept (localStorage). */
export const LANGUAGE_STORAGE_KEY = 'hs.language';
