#!/usr/bin/env node
// The package's bin: runs the TypeScript CLI through tsx's loader.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../services/cli.ts');
await main(process.argv);
