// Main-process logs: a file in <userData>/logs, every line redacted (log-redaction.ts), rotated
// at 2 MB keeping three older files. console.* in main goes to the same place.
import { join } from 'node:path';
import { ipcMain } from 'electron';
import log from 'electron-log/main';
import { redactLogData } from '../core';
import { rotate } from './log-rotation';

const MAX_BYTES = 2 * 1024 * 1024;

export type Logger = Pick<typeof log, 'info' | 'warn' | 'error' | 'debug'>;

export function setUpLogging(userDataDir: string): Logger {
  log.transports.file.resolvePathFn = () => join(userDataDir, 'logs', 'main.log');
  log.transports.file.maxSize = MAX_BYTES;
  log.transports.file.archiveLogFn = (file) => rotate(file.path);
  log.transports.file.level = 'info';
  log.hooks.push((message) => ({ ...message, data: redactLogData(message.data) }));
  Object.assign(console, log.functions);
  log.errorHandler.startCatching({ showDialog: false });
  // electron-log listens for log lines from renderers on its own IPC channel; ours never log
  // through it, and no page should write into the main log: the channel map is the only IPC.
  ipcMain.removeAllListeners('__ELECTRON_LOG__');
  ipcMain.removeHandler('__ELECTRON_LOG__');
  return log;
}
