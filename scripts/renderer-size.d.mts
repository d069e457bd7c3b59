export const FIRST_SCREEN_LIMIT_KB: number;
export interface Manifest {
  [key: string]: {
    file: string;
    src?: string;
    isEntry?: boolean;
    isDynamicEntry?: boolean;
    imports?: string[];
    dynamicImports?: string[];
    css?: string[];
  };
}
export interface FirstScreenSize {
  chunks: { file: string; bytes: number; gzip: number }[];
  gzip: number;
  limitKb: number;
  ok: boolean;
}
export function readManifest(rendererDir: string): Manifest;
export function firstScreenFiles(manifest: Manifest): string[];
export function measureFirstScreen(rendererDir: string, limitKb?: number): FirstScreenSize;
export function firstScreenLine(size: FirstScreenSize): string;
