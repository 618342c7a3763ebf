/**
 * Keeps react-admin's pages within the window's width. Their card is a flex item, which by default
 * grows to the widest thing inside it (a row of tabs, a table): the whole page then scrolls
 * sideways and its toolbar leaves the window. Allowed to shrink, the card keeps the window's width
 * and what is wider scrolls within it (tabs by their arrows, tables in their own box).
 */

/**
 * A list: the table's own wrapper scrolls, not the list's card, so the bulk actions bar drawn over
 * the table's head stays outside the scrolling box, to be seen and clicked.
 */
export const LIST_FITS_WINDOW = { minWidth: 0, '& .RaList-main': { minWidth: 0 }, '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } as const;

/** An edit or create card: shrinks with the window; not clipped, so its save bar can stick to the bottom. */
export const formCardFitsWindow = (card: 'RaEdit-card' | 'RaCreate-card') => ({ [`& .${card}`]: { overflow: 'visible', minWidth: 0 } });
