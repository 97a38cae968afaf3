// Types of eslint.config.mjs for the TypeScript test that lints planted imports with it.
import type { Linter } from 'eslint';

declare const config: Linter.Config[];
export default config;
