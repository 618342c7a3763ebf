import { useState } from 'react';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Texts longer than this show their beginning until expanded. */
export const LONG_TEXT_LIMIT = 160;

/** A text cut at LONG_TEXT_LIMIT characters, with a button to show all of it. */
export function LongText({ text }: { text: string }) {
  const translate = useTranslate();
  const [expanded, setExpanded] = useState(false);
  if (text.length <= LONG_TEXT_LIMIT) return <span style={{ whiteSpace: 'pre-line' }}>{text}</span>;
  return (
    <>
      <span style={{ whiteSpace: 'pre-line' }}>{expanded ? text : `${text.slice(0, LONG_TEXT_LIMIT).trimEnd()}…`}</span>{' '}
      <Button size="small" variant="text" aria-expanded={expanded} onClick={() => setExpanded(!expanded)} sx={{ py: 0, minWidth: 0 }}>
        {translate(expanded ? 'resources.dataset-activity.diff.showLess' : 'resources.dataset-activity.diff.showMore')}
      </Button>
    </>
  );
}
