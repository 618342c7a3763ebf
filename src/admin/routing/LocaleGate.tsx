/**
 * The top route: puts the URL in canonical form (locale, home/, trailing slash) and renders the
 * app for the URL's locale under `:locale/*`, so react-admin's routes are relative to it.
 * Switching language keeps the same <Admin>, only its basename changes.
 */
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { AppServices } from '../AppServices.ts';
import { PublishAdmin } from '../PublishAdmin.tsx';
import { normalisePath, splitLocale } from './normalisePath.ts';

export function LocaleGate({ services }: { services: AppServices }) {
  const { pathname, search, hash } = useLocation();
  const canonical = normalisePath(pathname);
  if (canonical) return <Navigate to={{ pathname: canonical, search, hash }} replace />;
  const { locale } = splitLocale(pathname);
  if (!locale) return null;
  return (
    <Routes>
      <Route path=":locale/*" element={<PublishAdmin locale={locale} services={services} />} />
    </Routes>
  );
}
