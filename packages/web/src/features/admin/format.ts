/** Times on the staff screens: the browser's locale and zone (the desk is at the venue). */
export const dateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—');
