// Where an export was written, as this page may show it. In the desktop app the file is on the
// user's own disk and its full path is what they need to find it. In a browser the core runs on
// the web host, whose folders are none of the page's business (and may be another machine's): the
// page shows the file's name and offers the file as a download instead. Null host (not yet said)
// is treated as the browser, the side that shows less.
export function shownExportPath(path: string, host: 'electron' | 'web' | null): string {
  if (host === 'electron') return path;
  const name = path.split(/[/\\]/).pop();
  return name && name.length > 0 ? name : path;
}

/** A sentence of the core's that names the file by its path, with the path shown as above. */
export function shownExportText(text: string, path: string, host: 'electron' | 'web' | null): string {
  return path.length > 0 ? text.split(path).join(shownExportPath(path, host)) : text;
}
