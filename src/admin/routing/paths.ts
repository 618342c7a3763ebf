/** The app's own routes, relative to /publish/{locale}/ (spec, section 2). */
export const HOME_PATH = 'home/';
export const DATA_PATH = 'data/';
export const ACCOUNTS_PATH = 'accounts/';
export const ACCESS_DENIED_PATH = 'access-denied/';
export const NOT_FOUND_PATH = 'not-found/';
