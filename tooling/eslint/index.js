/**
 * Shared ESLint flat config: recommended JS and TypeScript rules, type-aware ones
 * (typescript-eslint's recommendedTypeChecked) over each package's project; for .tsx, React hooks rules
 * and jsx-a11y's strict accessibility rules (docs/product.md#accessibility).
 */
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The configuration, its type-aware rules reading the types of `parserOptions` (default:
 * typescript-eslint's project service over the tsconfig.json of the package being linted).
 * The repository's eslint.config.js passes the two programs `npm test` checks instead.
 *
 * @param {{ parserOptions?: Record<string, unknown> }} [options]
 */
export function gatehouseConfig({
  parserOptions = { projectService: true, tsconfigRootDir: process.cwd() },
} = {}) {
  return tseslint.config(
    {
      ignores: [
        '**/dist/**',
        '**/node_modules/**',
        '**/test-results/**',
        '**/playwright-report/**',
        // Written by MikroORM's migration generator.
        '**/migrations/Migration*.ts',
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    // Type-aware rules over every TypeScript file of a package's project (tsconfig.json):
    // among them no-floating-promises and no-misused-promises.
    ...tseslint.configs.recommendedTypeCheckedOnly.map((config) => ({
      ...config,
      files: ['**/*.ts', '**/*.tsx'],
    })),
    {
      languageOptions: {
        globals: { ...globals.node, ...globals.browser },
        parserOptions,
      },
      rules: {
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
        ],
        '@typescript-eslint/consistent-type-imports': 'error',
        // A form's onSubmit={handleSubmit(async …)} is how react-hook-form is used; a promise
        // handed where a value is expected, or left floating, is still an error everywhere else.
        '@typescript-eslint/no-misused-promises': [
          'error',
          { checksVoidReturn: { attributes: false } },
        ],
        // An async function without await is how a promise-returning contract is met here
        // (Fastify plugins, tRPC resolvers, test doubles); the promise rules above catch the bugs.
        '@typescript-eslint/require-await': 'off',
      },
    },
    {
      // Outside a package's project (tool configs, the Playwright specs with their own types):
      // the rules that need no type information only.
      files: ['**/*.config.ts', '**/*.config.js', '**/e2e/**', '**/*.js', '**/*.mjs'],
      ...tseslint.configs.disableTypeChecked,
    },
    {
      // Tests read loosely typed JSON answers.
      files: ['**/test/**', '**/e2e/**'],
      rules: {
        '@typescript-eslint/no-explicit-any': 'off',
        '@typescript-eslint/no-unsafe-assignment': 'off',
        '@typescript-eslint/no-unsafe-member-access': 'off',
        '@typescript-eslint/no-unsafe-call': 'off',
        '@typescript-eslint/no-unsafe-return': 'off',
        '@typescript-eslint/no-unsafe-argument': 'off',
        // Tests hand a settled promise's reason on as they got it, take a harness's helpers
        // apart (`const { call, json } = harness`) and spell out the shape of a JSON answer.
        '@typescript-eslint/prefer-promise-reject-errors': 'off',
        '@typescript-eslint/unbound-method': 'off',
        '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      },
    },
    {
      files: ['**/*.tsx'],
      plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
      rules: {
        'react-hooks/rules-of-hooks': 'error',
        'react-hooks/exhaustive-deps': 'warn',
        ...jsxA11y.flatConfigs.strict.rules,
      },
    },
  );
}

export default gatehouseConfig();
