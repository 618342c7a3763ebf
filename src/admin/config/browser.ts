/**
 * The few browser-level navigations the app makes to pages it does not own (the login service).
 * Grouped in one object so component tests can observe them.
 */
export const browser = {
  /** Leaves the app for a server page. */
  assign(url: string): void {
    window.location.assign(url);
  },
  /**
   * The address of the page shown, as sent in `next` parameters: its path, query (an annex's
   * wizard is `…/resources/new/?role=annex`) and hash.
   */
  currentAddress(): string {
    return `${window.location.pathname}${window.location.search}${window.location.hash}`;
  },
  /** Loads the app again, from a fresh index.html. */
  reload(): void {
    window.location.reload();
  },
  currentPath(): string {
    return window.location.pathname;
  },
};
