// ESLint flat config: typescript-eslint's recommended rules plus the type-aware promise rules that matter in a
// service full of async I/O; Prettier owns formatting (eslint-config-prettier turns the style rules off).
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';
import boundaries from './eslint-rules/boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'libs/database/src/generated/**',
      'apps/web/src/lib/api/schema.d.ts',
      'coverage/**',
      'deploy/*',
      '!deploy/test/',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    ignores: ['apps/web/src/**'],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    // The architecture's import boundaries (eslint-rules/boundaries.mjs; tested in eslint-rules/boundaries.spec.ts),
    // and raw SQL only in its tagged form (values bound by Prisma, never interpolated).
    files: ['apps/*/src/**/*.ts', 'libs/*/src/**/*.ts'],
    ignores: ['apps/web/src/**', 'libs/testing/**', '**/*.spec.ts'],
    plugins: { boundaries },
    rules: {
      'boundaries/imports': 'error',
      'no-restricted-properties': [
        'error',
        {
          property: '$queryRawUnsafe',
          message: 'Use the tagged $queryRaw`...` (or Db.Prisma.sql): values bound, never interpolated.',
        },
        {
          property: '$executeRawUnsafe',
          message: 'Use the tagged $executeRaw`...` (or Db.Prisma.sql): values bound, never interpolated.',
        },
      ],
    },
  },
  {
    // The dashboard (browser code, JSX) has its own tsconfig.
    files: [
      'apps/web/src/**/*.ts',
      'apps/web/src/**/*.tsx',
      'apps/web/test/unit/**/*.ts',
      'apps/web/test/unit/**/*.tsx',
    ],
    languageOptions: {
      parserOptions: {
        project: ['./apps/web/tsconfig.json', './apps/web/test/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/bin/*.ts', '**/*.cli.ts'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        globalThis: 'readonly',
        __dirname: 'readonly',
        URL: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Node scripts (npm start): plain ES modules with Node's globals.
    files: ['scripts/**/*.mjs', 'apps/web/scripts/**/*.mjs'],
    languageOptions: {
      globals: {
        fetch: 'readonly',
        setTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
        console: 'readonly',
      },
    },
  },
  prettier,
);
