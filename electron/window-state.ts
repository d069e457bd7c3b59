// The window's size and position, remembered in <userData>/window-state.json. A saved position
// that no longer lies on any display (a monitor was unplugged) falls back to the default size,
// centred by the system.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaceWhole } from '../core';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 820 };
export const MIN_SIZE = { width: 720, height: 480 };

const isInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 100_000;

/** Bounds to open with: the saved ones if they overlap a display enough to grab, else the default size. */
export function restoreBounds(
  saved: unknown,
  displays: readonly Rect[],
): { bounds: Partial<Rect> & { width: number; height: number }; maximized: boolean } {
  const fallback = { bounds: { ...DEFAULT_SIZE }, maximized: false };
  if (typeof saved !== 'object' || saved === null) return fallback;
  const { bounds, maximized } = saved as Partial<WindowState>;
  if (!bounds || ![bounds.x, bounds.y, bounds.width, bounds.height].every(isInt)) return fallback;
  const width = Math.max(MIN_SIZE.width, bounds.width);
  const height = Math.max(MIN_SIZE.height, bounds.height);
  // At least 100×50 px of the title-bar area must be on some display, or the user cannot move it.
  const visible = displays.some(
    (d) =>
      bounds.x + width - 100 >= d.x &&
      bounds.x + 100 <= d.x + d.width &&
      bounds.y >= d.y - 10 &&
      bounds.y + 50 <= d.y + d.height,
  );
  if (!visible) return { bounds: { width, height }, maximized: maximized === true };
  return { bounds: { x: bounds.x, y: bounds.y, width, height }, maximized: maximized === true };
}

export function loadWindowState(userDataDir: string): unknown {
  try {
    return JSON.parse(readFileSync(join(userDataDir, 'window-state.json'), 'utf8'));
  } catch {
    return null;
  }
}

export function saveWindowState(userDataDir: string, state: WindowState): void {
  const file = join(userDataDir, 'window-state.json');
  // Whole or not at all, flushed first (core/exports/whole-file.ts).
  replaceWhole(file, JSON.stringify(state));
}
