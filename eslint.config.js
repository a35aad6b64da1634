import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'apps/server/demo/documents/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      'no-restricted-exports': ['error', { restrictDefaultExports: { direct: false } }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['apps/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // Classic scripts the browser runs as they are, before the app.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    // Server infrastructure serves every feature, so it imports none: a feature's piece it
    // needs is passed in from app.ts (the composition) or moved to shared/. Tests are left
    // out: they drive the whole app through its features.
    files: [
      'apps/server/src/{http,auth,db,storage,jobs,extraction,table-loading,privacy-scan,shared}/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)features/',
              message:
                'Infrastructure imports no feature: take it as a dependency from app.ts or move the helper to shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    // A web feature imports only shared/, the contract and its own files; app/ composes the
    // features (e.g. app/DocumentScreen.tsx plugs them into the document page). Tests too:
    // a test that needs several features belongs in app/.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./][^/]*/|(^|/)(features|app)/',
              message:
                'A feature imports no other feature and not app/: move what several features use to shared/, or plug the feature in from app/.',
            },
          ],
        },
      ],
    },
  },
  {
    // shared/ serves every feature, so it imports none of them, nor the app that composes them.
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(features|app)/',
              message:
                'shared/ imports no feature and not app/: pass it in, or move it to shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The document is every feature's business: other features use its public interface,
    // features/documents/index.ts, and nothing behind it, so it can change freely.
    files: ['apps/server/src/features/**/*.ts', 'apps/server/test/**/*.ts', 'bench/**/*.ts'],
    ignores: ['apps/server/src/features/documents/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)documents/(?!index\\.ts$)[^/]+$',
              message: 'Use the document module through features/documents/index.ts.',
            },
          ],
        },
      ],
    },
  },
)
