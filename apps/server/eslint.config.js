import config from '@gatehouse/eslint-config';

/** The server's own rules, beside the shared ones (also used by the repository's eslint.config.js). */
export const serverRules = [
  {
    // The configuration module is the one reader of the environment: every variable is parsed there.
    files: ['src/**/*.ts'],
    ignores: ['src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read the environment in src/config.ts (loadConfig), and pass the value in.',
        },
      ],
    },
  },
];

export default [...config, ...serverRules];
