// @ts-check
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

/** The libraries that build on libs/common (config and database share leaf helpers with it). */
const HIGHER_THAN_COMMON = ['domain', 'auth', 'terms', 'posts', 'recurrence', 'ical-import'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', 'test-output/**'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  // Regular expressions: mistakes, and backtracking that is super-linear in the input.
  // The super-linear rules only find attack strings that repeat one character (they miss
  // /<[a-z][\s\S]*>/ on "<a<a<a…"), so they are a floor, not a proof: review regexps on input anyway.
  regexp.configs.recommended,
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      // Style, not correctness: reported, but they do not fail the lint.
      'regexp/prefer-w': 'warn',
      'regexp/no-useless-character-class': 'warn',
      'regexp/no-unused-capturing-group': 'warn',
      // Explicit case lists say what is matched; the `i` flag's folding has exceptions (ß/ẞ, ı).
      'regexp/use-ignore-case': 'off',
    },
  },
  {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  // Type-aware: a promise nobody awaits, or an async callback where a void one is
  // expected (an Express handler, an event listener), loses its errors.
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // Layers (README, "Layout"): libs/common is the bottom; it may not import the libraries built on
  // it, by alias or by a relative path (a domain type it needs is declared in common and implemented
  // above, as DATA_VERSION_SOURCE is).
  {
    files: ['libs/common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: HIGHER_THAN_COMMON.map((lib) => ({
            group: [`@app/${lib}`, `@app/${lib}/*`, `**/${lib}/src`, `**/${lib}/src/**`],
            message: `libs/common is the bottom layer: it does not import libs/${lib}.`,
          })),
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        exports: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
