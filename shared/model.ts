// The one domain model both dialects normalise into, as zod schemas so the IPC layer checks at
// run time exactly what the types promise. The schemas live in shared/model/ by subject; this
// file re-exports them so every `shared/model` import keeps working.
export * from './model/base';
export * from './model/operation-classic';
export * from './model/operation-horizon';
export * from './model/operations';
export * from './model/resources';
export * from './model/sc-value';
export * from './model/streams';
export * from './model/submission';
