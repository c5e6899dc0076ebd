/** The personal-data export is a file download, fetched through a plain link with the session cookie. */
export function personalDataUrl(id: number) {
  return `/api/leads/${id}/personal-data`;
}
