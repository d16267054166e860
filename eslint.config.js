/**
 * One ESLint run over every package, as `npm test` lints (`eslint -c eslint.config.js
 * packages apps`): the rules of each package's eslint.config.js, the type-aware ones
 * reading two TypeScript programs (tsconfig.check-node.json: db, api and server;
 * tsconfig.check-web.json: web and shared) instead of one program per package, each of
 * which holds again the packages it imports. `npm run lint` (turbo) still lints package by
 * package with the package's own configuration.
 */
import { gatehouseConfig } from '@gatehouse/eslint-config';

import { serverRules } from './apps/server/eslint.config.js';

export default [
  ...gatehouseConfig({
    parserOptions: {
      projectService: false,
      project: ['./tsconfig.check-node.json', './tsconfig.check-web.json'],
      tsconfigRootDir: import.meta.dirname,
    },
  }),
  ...serverRules.map((config) => ({ ...config, basePath: 'apps/server' })),
];
