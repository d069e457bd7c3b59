// Where the local network's data lives when no flag says otherwise: one folder for every starter
// (the desktop app's `<userData>/local-network`, the web host's, the command line's and
// `npm run network`'s), so each browses the same local history and only one core writes it at a
// time (network/validator/data-lock.ts). Path segments under the home directory: shared/ holds no
// Node API, each starter joins them with its own `homedir()`.

/** The app's settings folder under the home directory (Electron's userData on Linux). */
export const APP_DATA_SEGMENTS = ['.config', 'ledgerscope'] as const;

/** The local network's data folder's name within the app's data folder. */
export const LOCAL_NETWORK_FOLDER = 'local-network';

/** The local network's default data folder under the home directory. */
export const LOCAL_NETWORK_SEGMENTS = [...APP_DATA_SEGMENTS, LOCAL_NETWORK_FOLDER] as const;
