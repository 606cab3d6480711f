/**
 * What `cmlint init` never searches when it looks for code to propose (documents, sources,
 * migration scripts): dependencies, version control data, build and test output.
 */
export const NOT_PROJECT_CODE: readonly string[] = [
  '**/node_modules/**',
  '**/.git/**',
  '**/dist/**',
  '**/build/**',
  '**/out/**',
  '**/.next/**',
  '**/.nuxt/**',
  '**/.svelte-kit/**',
  '**/coverage/**',
];
