/** The four numbers of a drawn box, [min lon, min lat, max lon, max lat], in WGS 84 degrees. */
import { useState } from 'react';
import { Stack, TextField } from '@mui/material';
import { InputHelperText, useInput, useTranslate } from 'react-admin';

const CORNERS = ['minLon', 'minLat', 'maxLon', 'maxLat'] as const;

const asTexts = (value: unknown): string[] =>
  CORNERS.map((_corner, index) => (Array.isArray(value) && value[index] != null ? String(value[index]) : ''));

export function BboxFields({ source }: { source: string }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  // What is typed, kept as text so that '-' or '4.' can be typed on the way to a number.
  const [texts, setTexts] = useState(() => asTexts(field.value));

  const change = (index: number, text: string) => {
    const next = texts.map((old, i) => (i === index ? text : old));
    setTexts(next);
    const numbers = next.map((entry) => (entry.trim() === '' ? null : Number(entry)));
    field.onChange(numbers.every((n) => n === null) ? null : numbers);
  };

  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {CORNERS.map((corner, index) => (
          <TextField
            key={corner}
            size="small"
            type="number"
            label={translate(`resources.datasets.bbox.${corner}`)}
            value={texts[index]}
            onChange={(event) => change(index, event.target.value)}
            onBlur={field.onBlur}
            error={fieldState.invalid}
            slotProps={{ htmlInput: { step: 'any' } }}
          />
        ))}
      </Stack>
      {fieldState.error && <InputHelperText error={fieldState.error.message} />}
    </Stack>
  );
}
