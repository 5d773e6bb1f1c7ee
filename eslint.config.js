// @ts-check
/**
 * ESLint (flat config): the recommended rules of ESLint, typescript-eslint, eslint-plugin-astro and
 * eslint-plugin-jsx-a11y, plus the house rules of docs/architecture.md "House rules a linter keeps":
 *   - no money arithmetic or formatting outside src/domain/money.ts;
 *   - no import of the contract client from src/pages or src/components (go through a feature's
 *     queries.ts);
 *   - no `new Date()` or `Date.now()` in server-side code: the one clock, src/server/clock.ts (ADR 24).
 * `npm run lint` runs it with --max-warnings 0.
 */
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
// @ts-expect-error -- the plugin publishes no type declarations
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const MONEY = 'Money is converted, rounded and formatted in src/domain/money.ts only (docs/architecture.md "Money"): call its functions (toSen, toRinggit, formatAmount, formatPrice…) or add one there.';
/** An operand that is the number 100. @param {'left' | 'right'} side */
const hundred = (side) => `[${side}.type='Literal'][${side}.value=100]`;

/**
 * House rule: amounts are integer sen; every conversion and rounding lives in domain/money.
 * @type {import('eslint').Linter.RuleEntry}
 */
const noMoneyArithmetic = [
  'error',
  { selector: "CallExpression[callee.property.name='toFixed']", message: `No .toFixed() outside domain/money. ${MONEY}` },
  { selector: `BinaryExpression[operator='/']${hundred('right')}`, message: `No division by 100 outside domain/money. ${MONEY}` },
  { selector: `BinaryExpression[operator='*']:matches(${hundred('left')}, ${hundred('right')})`, message: `No multiplication by 100 outside domain/money. ${MONEY}` },
  { selector: `AssignmentExpression[operator=/^[*/]=$/]${hundred('right')}`, message: `No *= 100 or /= 100 outside domain/money. ${MONEY}` },
];

const CLOCK = 'Server code and domain rules read the time from src/server/clock.ts (clock.now(), clock.ms()), which tests set (ADR 24); a domain rule takes `now` as an argument.';

/**
 * House rule: one clock on the server (ADR 24). Browser code (islands, client scripts) keeps the
 * browser's clock, which browser tests set with Playwright's clock API.
 * @type {{ selector: string, message: string }[]}
 */
const noBareClock = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: `No new Date() here. ${CLOCK}` },
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: `No Date.now() here. ${CLOCK}` },
];

const ERASABLE = 'The server runs on Node without a compile step (ADR 34): only TypeScript whose types can be stripped.';

/**
 * House rule: no TypeScript that Node's type stripping cannot run (enums, namespaces, parameter
 * properties, `import x = require()`), in the modules Node loads as they are.
 * @type {{ selector: string, message: string }[]}
 */
const noErasable = [
  { selector: 'TSEnumDeclaration', message: `No enum here. ${ERASABLE}` },
  { selector: 'TSModuleDeclaration', message: `No namespace here. ${ERASABLE}` },
  { selector: 'TSParameterProperty', message: `No parameter property here. ${ERASABLE}` },
  { selector: 'TSImportEqualsDeclaration', message: `No import = require() here. ${ERASABLE}` },
];

/**
 * House rule: pages and shared components read through a feature's queries, never the contract client.
 * @type {import('eslint').Linter.RuleEntry}
 */
const noContractClient = [
  'error',
  {
    patterns: [
      {
        regex: '(^|/)(lib/xs-api/client|server/api-client)(\\.[cm]?[jt]s)?$',
        message: 'Pages and components do not use the contract client: call a named read in src/features/<feature>/queries.ts (docs/architecture.md "The feature layer").',
      },
    ],
  },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'dist-edge/**', '.wrangler/**', '.astro/**', '.data/**', 'node_modules/**', 'src/paraglide/**', 'src/server/xs-api/db/migrations/**', 'test-results/**', 'playwright-report/**', 'public/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs['flat/recommended'],
  astro.configs['flat/jsx-a11y-recommended'],
  // React islands: the same plugin (registered above by the Astro preset), its recommended rules.
  { files: ['**/*.{jsx,tsx}'], languageOptions: jsxA11y.flatConfigs.recommended.languageOptions, rules: jsxA11y.flatConfigs.recommended.rules },
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (kept for a signature or a destructured rest).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // Code that runs in the browser (islands, client scripts of Astro components, stores).
    files: ['src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx,js,mjs,astro}', 'src/**/*.astro/*.{js,ts}'],
    ignores: ['src/domain/money.ts'],
    rules: { 'no-restricted-syntax': noMoneyArithmetic },
  },
  {
    files: ['src/pages/**', 'src/components/**'],
    rules: { 'no-restricted-imports': noContractClient },
  },
  {
    // Server-side code: the server, the domain rules, features' reads and server-rendered pages and components.
    files: ['src/server/**/*.ts', 'src/domain/**/*.ts', 'src/features/**/queries.ts', 'src/**/*.astro'],
    ignores: ['src/server/clock.ts', 'src/domain/money.ts'],
    rules: { 'no-restricted-syntax': [...noMoneyArithmetic, ...noBareClock] },
  },
  {
    // Settings are read in one module (ADR 34, docs/architecture.md "Operations"): the others ask it.
    files: ['src/**/*.{ts,tsx,js,mjs,astro}'],
    ignores: ['src/server/settings.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings through src/server/settings.ts (currentEnv() and the schema), the one module that reads the environment (ADR 34).' }],
    },
  },
  {
    // The server Node runs as it is (ADR 34): TypeScript whose types can be stripped, nothing that
    // needs a compiler (the rest of src/ is bundled by Vite and may use the rest).
    files: ['src/server/http/**/*.ts', 'src/server/settings.ts'],
    ignores: ['**/*.d.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noErasable, ...noMoneyArithmetic.slice(1), ...noBareClock] },
  },
);
