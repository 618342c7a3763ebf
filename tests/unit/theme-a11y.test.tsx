/** The theme's accessibility fixes: what assistive technologies read on the app's controls. */
import { Checkbox, createTheme, ThemeProvider } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../src/admin/theme.ts';

describe('theme', () => {
  it("labels a checkbox's input with the aria-label it is given, not the span around it", () => {
    const { container } = render(
      <ThemeProvider theme={createTheme(theme)}>
        <Checkbox aria-label="Sélectionner cette ligne" />
      </ThemeProvider>,
    );
    expect(screen.getByRole('checkbox', { name: 'Sélectionner cette ligne' }).tagName).toBe('INPUT');
    expect(container.querySelectorAll('[aria-label]')).toHaveLength(1);
  });
});
