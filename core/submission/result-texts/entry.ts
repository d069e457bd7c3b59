// One code's text: a short title, what happened in plain language, and what to do about it.
export type Entry = readonly [title: string, explanation: string, fix: string];
