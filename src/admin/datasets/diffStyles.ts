/** The looks of a diff: what was removed struck through in red, what was added in green. */
export const REMOVED_SX = {
  color: 'error.main',
  textDecoration: 'line-through',
  bgcolor: 'rgba(211, 47, 47, 0.08)',
  px: 0.5,
  borderRadius: 0.5,
} as const;

export const ADDED_SX = {
  color: 'success.dark',
  textDecoration: 'none',
  bgcolor: 'rgba(46, 125, 50, 0.08)',
  px: 0.5,
  borderRadius: 0.5,
} as const;

/** Read by screen readers, not shown (they do not announce struck-through or inserted text). */
export const HIDDEN_SX = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
