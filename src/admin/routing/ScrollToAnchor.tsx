import { useEffect } from 'react';
import { useLocation } from 'react-admin';
import { ANCHOR_WAIT_MS } from '../../../schemas/constants.ts';

/** Scrolls to the element named by the URL's #hash, waiting up to 5 s for it to appear. */
export function ScrollToAnchor() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    const scroll = () => {
      const element = document.getElementById(id);
      if (!element) return false;
      element.scrollIntoView?.({ block: 'start' });
      return true;
    };
    if (scroll()) return;
    const observer = new MutationObserver(() => {
      if (scroll()) stop();
    });
    const timer = window.setTimeout(() => stop(), ANCHOR_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [hash]);
  return null;
}
