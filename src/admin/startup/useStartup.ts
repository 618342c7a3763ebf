import { useContext } from 'react';
import { StartupContext } from './StartupContext.ts';
import type { StartupData } from './types.ts';

/** The start-up data: user, configuration, lookup lists and datastore availability. */
export function useStartup(): StartupData {
  const value = useContext(StartupContext);
  if (!value) throw new Error('useStartup() must be used inside <StartupProvider>');
  return value;
}
