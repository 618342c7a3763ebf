import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { ErrorLine } from '../http/errors.ts';

/**
 * How one line of an error reads: the server's message, translated when it is a catalogue key,
 * after the field's label (`resources.<resource>.fields.<field>`) when it is about a field, with the
 * language's punctuation ('Statut : …' in French, 'Status: …' in English and Italian).
 */
export function useErrorLineText(resource?: string) {
  const translate = useTranslate();
  return useCallback(
    (line: ErrorLine) => {
      const message = translate(line.message, { _: line.message });
      if (!line.field) return message;
      const label = resource ? translate(`resources.${resource}.fields.${line.field}`, { _: line.field }) : line.field;
      return translate('publish.feedback.error.fieldLine', { field: label, message });
    },
    [translate, resource],
  );
}
