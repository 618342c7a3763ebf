import { createContext } from 'react';
import type { StartupData } from './types.ts';

export const StartupContext = createContext<StartupData | null>(null);
