import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cmlint, ROOT } from './helpers/cli.js';

/**
 * Real application code (fixtures/sources/, see its README for provenance): every file is read
 * without a crash, and the findings are pinned. Review of each (true or false alarm):
 *
 * - contentful-management-js usage.ts:13 and :26: the SDK's own request helpers for the two
 *   legacy usage endpoints (`/organizations/${id}/space_periodic_usages` and
 *   `…/organization_periodic_usages`): true — this is the code that calls them; an application
 *   reaches them through `usage.getManyForSpace` / `getSpaceUsage`, reported where it calls those.
 * - contentful-management-js user.ts:16 and :28 (role-based-user-data): the SDK's own request helpers
 *   for `/spaces/${id}/users/${userId}` and `/spaces/${id}/users` (behind `user.getForSpace` /
 *   `getSpaceUser` and `user.getManyForSpace` / `getSpaceUsers`): true — these requests get the
 *   reduced user records with a non-admin token; the helpers return the response to their callers,
 *   so the findings name no fields. The organization's users (:37, :44), `/users/me` (:22) and the
 *   space members without `include=sys.user` (space-member.ts) are rightly not reported.
 *
 * Not reported, checked by reading the code: the SDK's `getRoles`/`getSpaceUsage` definitions
 * and their JSDoc examples (comments; `skip: 0` in a comment); contentful-cli's
 * `createClient({ …, insecure })` (a variable the parser cannot see); contentful-dump's paging
 * with `skip` of entries and assets (not roles) and its `space.getRoles()` without skip; the
 * curl scripts of the Java SDK (roles listed without skip, https only); the Next.js template's
 * generated GraphQL SDK (`skip`/`limit` arguments typed, never 0, in `gql` documents); the SDK's
 * `getSpaceUsers`/`getSpaceMembers` definitions and their JSDoc examples (definitions and comments,
 * not calls); rate-limit-reset-ignored: none of this code checks a status against 429 (the SDKs
 * leave retries to contentful-sdk-core, not part of these folders).
 */
describe('real application code', () => {
  it('is read without a crash, with the findings reviewed above', () => {
    const run = cmlint(['--as-of', '2026-11-21', '--format', 'json'], { cwd: join(ROOT, 'fixtures/sources') });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { findings: { file: string; line: number; ruleId: string; severity: string; internal?: boolean }[]; summary: { filesRead: number } };
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.ruleId} ${f.severity}`)).toEqual([
      'contentful-management-js/lib/adapters/REST/endpoints/usage.ts:13 legacy-usage-endpoint warning',
      'contentful-management-js/lib/adapters/REST/endpoints/usage.ts:26 legacy-usage-endpoint warning',
      'contentful-management-js/lib/adapters/REST/endpoints/user.ts:16 role-based-user-data warning',
      'contentful-management-js/lib/adapters/REST/endpoints/user.ts:28 role-based-user-data warning',
    ]);
    expect(report.summary.filesRead).toBeGreaterThan(300);
  });
});
