import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The `aria-label` given to a checkbox or switch: on its input, where assistive technologies read it. */
const inputLabel = (ownerState: Record<string, unknown>) => ({ 'aria-label': ownerState['aria-label'] as string | undefined });
/** …and not on the span around it, where it is not allowed (react-admin's row checkboxes give it there). */
const noRootLabel = () => ({ 'aria-label': undefined });

/** react-admin's default theme with the platform's colours. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#1d4f91' },
    secondary: { main: '#00838f' },
  },
  components: {
    ...defaultTheme.components,
    MuiCheckbox: { defaultProps: { slotProps: { input: inputLabel, root: noRootLabel } } },
  },
};
