/**
 * After a navigation inside the app, the keyboard focus moves to the new page, as the skip link
 * does: to the first field of a create form (its address ends in `new/`), otherwise to the page's
 * heading, so that a keyboard or screen-reader user goes on from the page rather than from the top
 * of the document. Waits for the page to draw (lazy screens), up to FOCUS_WAIT_MS; leaves alone a
 * focus the page set itself, and an address with an anchor (ScrollToAnchor scrolls to it).
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-admin';

/** How long a new page may take to draw its heading or its form. */
const FOCUS_WAIT_MS = 20_000;

const FIELD = 'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), [role="combobox"]:not([aria-disabled="true"])';

/** Whether the focus is nowhere in particular: on the page's body, outside the page (a header link), or still on what led here. */
function focusIsLeftBehind(main: HTMLElement, from: Element | null): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !main.contains(active) || active === from;
}

const headingOf = (main: HTMLElement) => [...main.querySelectorAll<HTMLElement>('h1')].find((heading) => heading.textContent?.trim()) ?? null;
const firstFieldOf = (main: HTMLElement) => main.querySelector('form')?.querySelector<HTMLElement>(FIELD) ?? null;

/** Focuses an element; a heading takes the focus without becoming a stop of the Tab key. */
function focus(target: HTMLElement) {
  if (target.tagName === 'H1' && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

export function FocusOnNavigation({ mainId }: { mainId: string }) {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // The first page is the browser's: its focus starts at the top of the document.
    if (first.current) {
      first.current = false;
      return undefined;
    }
    if (hash) return undefined;
    const creating = /\/new\/?$/.test(pathname);
    // The link or button that led here, if the page still shows it.
    const from = document.activeElement;
    // A create form's heading takes the focus while its fields are drawn (a heavy form takes
    // seconds), then its first field. Until the person acts (a key, a click) or FOCUS_WAIT_MS
    // pass, a focus lost to a redraw of the page (the form reset to its defaults) comes back.
    let placed: HTMLElement | null = null;
    const move = () => {
      const main = document.getElementById(mainId);
      if (!main) return;
      const active = document.activeElement;
      const lost = placed !== null && (active === document.body || !placed.isConnected);
      if (placed === null ? !focusIsLeftBehind(main, from) : !lost && !(creating && placed.tagName === 'H1')) return;
      const target = (creating ? firstFieldOf(main) : null) ?? headingOf(main);
      if (!target || target === active) return;
      focus(target);
      placed = target;
    };
    move();
    const observer = new MutationObserver(move);
    const timer = window.setTimeout(() => stop(), FOCUS_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
      document.removeEventListener('keydown', stop, true);
      document.removeEventListener('pointerdown', stop, true);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('keydown', stop, true);
    document.addEventListener('pointerdown', stop, true);
    return stop;
  }, [pathname, hash, mainId]);
  return null;
}
