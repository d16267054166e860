import config from '@gatehouse/eslint-config';

export default [
  ...config,
  {
    // The configuration module is the one reader of the environment: every variable is parsed there.
    files: ['src/**/*.ts'],
    ignores: ['src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment in src/config.ts (loadConfig), and pass the value in.' },
      ],
    },
  },
];
