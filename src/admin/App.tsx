import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { APP_BASE, localeOfBrowserPath } from './config/appBase.ts';
import { createAppServices } from './AppServices.ts';
import { LocaleGate } from './routing/LocaleGate.tsx';

/** The whole app: one browser router under /publish, every route handled by LocaleGate. */
export function App() {
  const [router] = useState(() => {
    const services = createAppServices(localeOfBrowserPath(window.location.pathname));
    return createBrowserRouter([{ path: '*', element: <LocaleGate services={services} /> }], { basename: APP_BASE });
  });
  // Router updates render at once rather than as interruptible transitions: a navigation blocked
  // again right after "stay" must still reach the unsaved-changes question (react-admin asks when
  // the blocker's state changes, and two transitions would merge into no change at all).
  return <RouterProvider router={router} useTransitions={false} />;
}
