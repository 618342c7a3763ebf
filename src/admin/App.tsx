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
  return <RouterProvider router={router} />;
}
