/**
 * Keywords as chips: any text typed becomes a keyword (Enter or comma), and the keywords already
 * used on the platform that match the text are suggested (usergroup/taggit/tags/?search=).
 */
import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { FieldTitle, InputHelperText, useInput, useResourceContext, useTranslate } from 'react-admin';
import { datasets } from '../../../schemas/datasets.ts';
import { isFormRequired } from '../entities/inputElement.tsx';
import { requiredMark } from '../entities/schemaValidation.ts';
import { datasetsApi } from './datasetsApi.ts';

/** Pause after the last key before suggestions are asked for. */
const SUGGEST_DELAY_MS = 250;

function useSuggestions(text: string): string[] {
  const [suggestions, setSuggestions] = useState<string[]>([]);
  useEffect(() => {
    const search = text.trim();
    if (search === '') return undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      datasetsApi.suggestTags(search, controller.signal).then(setSuggestions, () => {
        // Suggestions are a convenience: typing a keyword still adds it.
      });
    }, SUGGEST_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  return text.trim() === '' ? [] : suggestions;
}

export function TagsInput({ source }: { source: string }) {
  const resource = useResourceContext() ?? datasets.resource;
  const translate = useTranslate();
  const {
    id,
    field,
    fieldState: { error, invalid },
    isRequired,
  } = useInput({ source, validate: isFormRequired(datasets, source) ? requiredMark : undefined });
  const [text, setText] = useState('');
  const suggestions = useSuggestions(text);
  const value: string[] = Array.isArray(field.value) ? field.value : [];

  const add = (tags: string[]) => {
    const seen = new Set<string>();
    field.onChange(
      tags
        .map((tag) => tag.trim())
        .filter((tag) => {
          const key = tag.toLowerCase();
          if (tag === '' || seen.has(key)) return false;
          seen.add(key);
          return true;
        }),
    );
  };

  return (
    <Autocomplete
      id={id}
      multiple
      freeSolo
      autoSelect
      options={suggestions}
      filterOptions={(options) => options.filter((option) => !value.some((tag) => tag.toLowerCase() === option.toLowerCase()))}
      value={value}
      inputValue={text}
      onInputChange={(_event, newText) => {
        // A comma ends a keyword, as Enter does.
        if (newText.endsWith(',')) {
          add([...value, newText.slice(0, -1)]);
          setText('');
        } else setText(newText);
      }}
      onChange={(_event, tags) => add(tags)}
      onBlur={field.onBlur}
      sx={{ width: '100%', maxWidth: 600 }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          label={<FieldTitle label={`resources.${resource}.fields.${source}`} source={source} resource={resource} isRequired={isRequired} />}
          error={invalid}
          helperText={<InputHelperText error={error?.message} helperText={translate(`resources.${resource}.help.${source}`, { _: '' }) || undefined} />}
          margin="dense"
        />
      )}
    />
  );
}
