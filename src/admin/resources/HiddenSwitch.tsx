/** A resource's `hidden` flag (spec, section 3), with what it hides said beside it. */
import { FormControlLabel, FormHelperText, Stack, Switch } from '@mui/material';
import { useTranslate } from 'react-admin';

const L = 'resources.resource-settings.hidden';

export function HiddenSwitch({ checked, disabled, onChange }: { checked: boolean; disabled?: boolean; onChange: (hidden: boolean) => void }) {
  const translate = useTranslate();
  return (
    <Stack>
      <FormControlLabel
        control={<Switch checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} slotProps={{ input: { 'aria-describedby': 'resource-hidden-help' } }} />}
        label={translate('resources.resource-settings.fields.hidden')}
      />
      <FormHelperText id="resource-hidden-help" sx={{ mt: 0 }}>
        {translate(`${L}.help`)}
      </FormHelperText>
    </Stack>
  );
}
