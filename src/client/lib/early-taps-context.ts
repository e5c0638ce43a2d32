import { createContext } from 'react';
import type { EarlyTaps } from './early-taps';

/** Over a page the server drew, the taps held before React took it over (main.tsx); else none. */
export const EarlyTapsContext = createContext<EarlyTaps | undefined>(undefined);
