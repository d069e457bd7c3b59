#!/usr/bin/env node
// The `ledgerscope` command: runs the TypeScript command-line client (cli/main.ts) under tsx,
// which is a runtime dependency, so an installed package needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('../cli/main.ts');
