// The user's settings: one JSON file in the user-data directory, written atomically (temp file +
// rename) so a crash never leaves half a file. Unknown or corrupt content falls back to defaults
// and is kept aside as settings.json.corrupt, never silently lost.
import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { replaceWhole } from '../exports/whole-file';
import { join } from 'node:path';
import type { z } from 'zod';

export class SettingsFile<T> {
  private readonly path: string;
  private value: T;

  constructor(
    directory: string,
    name: string,
    private readonly schema: z.ZodType<T>,
    private readonly defaults: () => T,
  ) {
    mkdirSync(directory, { recursive: true });
    this.path = join(directory, name);
    this.value = this.load();
  }

  get(): T {
    return this.value;
  }

  update(change: (current: T) => T): T {
    const next = this.schema.parse(change(this.value));
    // Whole or not at all, flushed before it replaces the old file (whole-file.ts).
    replaceWhole(this.path, JSON.stringify(next, null, 2));
    this.value = next;
    return next;
  }

  private load(): T {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch {
      return this.defaults();
    }
    try {
      const parsed = this.schema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // fall through: keep the unreadable file for the user, start from defaults
    }
    renameSync(this.path, `${this.path}.corrupt`);
    return this.defaults();
  }
}
