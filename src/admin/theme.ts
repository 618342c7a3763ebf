import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's default theme with the platform's colours. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#1d4f91' },
    secondary: { main: '#00838f' },
  },
};
