/**
 * MUI's popups (menus, popovers, snackbars) with their code out of the first download:
 * each loads once the first screen is up (when the browser is idle), and renders only once it is
 * first open, so the header shows before that code arrives.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import type { MenuProps, PopoverProps, SnackbarProps } from '@mui/material';

function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 2000 });
  else window.setTimeout(work, 200);
}

/** A popup component that mounts, code loaded, the first time its `open` prop is true. */
function loadedWhenOpened<P extends { open?: boolean }>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Popup = lazy(load);
  return function LoadedWhenOpened(props: P) {
    const [opened, setOpened] = useState(!!props.open);
    if (props.open && !opened) setOpened(true);
    useEffect(() => whenIdle(() => void load()), []);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Popup {...props} />
      </Suspense>
    );
  };
}

export const Menu = loadedWhenOpened<MenuProps>(() => import('@mui/material/Menu'));
export const Popover = loadedWhenOpened<PopoverProps>(() => import('@mui/material/Popover'));
export const Snackbar = loadedWhenOpened<SnackbarProps>(() => import('@mui/material/Snackbar'));
