// One app instance: a second launch hands its arguments (deep links, transaction files) to the
// first, which focuses its window. macOS delivers the same through open-url and open-file.
import { app } from 'electron';
import { DEEP_LINK_SCHEME, parseDeepLink } from './deep-links';
import { parseLaunchArgs, type LaunchRequest } from './launch-args';

/** False when another instance runs: this one has passed its arguments on and must quit. */
export function claimSingleInstance(onRequest: (request: LaunchRequest, fromSecondInstance: boolean) => void): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  app.on('second-instance', (_event, argv, workingDirectory) =>
    onRequest(parseLaunchArgs(argv, workingDirectory), true),
  );
  app.on('open-url', (event, url) => {
    event.preventDefault();
    const link = parseDeepLink(url);
    onRequest({ links: link ? [link] : [], files: [] }, true);
  });
  app.on('open-file', (event, path) => {
    event.preventDefault();
    onRequest({ links: [], files: [path] }, true);
  });
  return true;
}

/** Registers ledgerscope:// with the system (in development, for this electron binary and app path). */
export function registerDeepLinkScheme(appPath: string): void {
  if (process.defaultApp) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [appPath]);
  else app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
}
