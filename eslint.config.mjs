// ESLint 9 flat config: `npm run lint` (zero warnings). Rules are chosen to catch bugs, not style;
// formatting belongs to `npm run format` (prettier), never to lint.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: ['dist/**', '.dist-next/**', '.dist-prev/**', 'node_modules/**', '.astro/**', '.cache/**', 'results/**', 'content/**', 'public/**', 'bench-data/**', 'test-artifacts/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Type-aware checks that find real bugs.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/require-array-sort-compare': ['error', { ignoreStringArrays: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Submitted JSON is `unknown`/`any` by nature and validated with zod; these would flag every access.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // `String(v)` on an `unknown` narrowed to `{}` is how cells are printed; the template rule covers objects.
      '@typescript-eslint/no-base-to-string': 'off',
      // Style, not bugs.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      'no-new-wrappers': 'error',
    },
  },
  {
    // `const { a, b } = await import('node:fs')` and `expect(obj.method)` are fine in tests, and so is
    // `.sort()` to compare lists regardless of order.
    files: ['tests/**'],
    rules: { '@typescript-eslint/unbound-method': 'off', '@typescript-eslint/require-array-sort-compare': 'off' },
  },
  astro.configs['flat/recommended'],
  {
    // .astro frontmatter and client scripts: syntax-level rules only (type-aware linting of .astro is astro check's job).
    files: ['**/*.astro', '**/*.astro/*.js', '**/*.astro/*.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Client scripts (`<script is:inline>` runs as a classic script in the page's global scope).
    files: ['**/*.astro/*.js', '**/*.astro/*.ts'],
    rules: { 'no-var': 'off' },
  },
);
