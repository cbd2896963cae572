// Phase 2 of issue 11 for classes, codex, library and homework: each call says who may make it in the
// OpenAPI document, and a caller without a token is refused before any body is read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let ctx: TestContext;
let doc: { paths: Record<string, Record<string, { 'x-access'?: string; 'x-self'?: string }>> };

beforeAll(async () => {
  ctx = await createTestContext();
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await ctx.close();
});

const SOME_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

describe('classes, codex, library and homework calls declare their caller', () => {
  it('the OpenAPI document says who may make each call, and when only about the caller themself', () => {
    const calls: [method: string, path: string, access: string, self?: string][] = [
      ['get', '/api/schoolclasses', 'professor'],
      ['post', '/api/schoolclasses', 'professor'],
      ['get', '/api/schoolclasses/{id}', 'professor'],
      ['put', '/api/schoolclasses/{id}', 'professor'],
      ['delete', '/api/schoolclasses/{id}', 'professor'],
      ['delete', '/api/schoolclasses/{id}/students/{studentId}', 'professor'],
      ['get', '/api/students/users/schoolclasses/{schoolclassId}', 'professor'],
      ['get', '/api/professorsSchoolclasses', 'public'],
      ['patch', '/api/professors/generate-code', 'professor'],
      ['patch', '/api/professors/revoke-code', 'professor'],
      ['get', '/api/professors/{id}/users', 'professor', 'id'],
      ['put', '/api/users/{id}/password', 'professor'],
      ['get', '/api/professorsSchoolclasses/schoolclass/{id}', 'professor'],
      ['get', '/api/professorsSchoolclasses/findOne', 'professor'],
      ['post', '/api/professorsSchoolclasses/', 'professor'],
      ['get', '/api/professors/students/{studentId}', 'student', 'studentId'],
      ['post', '/api/codex/', 'student', 'studentId'],
      ['put', '/api/codex/{id}', 'professor'],
      ['delete', '/api/codex/{id}', 'professor'],
      ['get', '/api/codex/professors/{id}', 'professor', 'id'],
      ['get', '/api/codex/students/{id}', 'student', 'id'],
      [
        'get',
        '/api/students/codex/subjects/{subjectId}/schoolclasses/{schoolclassId}/professors/{professorId}',
        'professor',
        'professorId',
      ],
      ['get', '/api/library/raids', 'professor'],
      ['get', '/api/library/raids/{raidId}', 'professor'],
      ['post', '/api/library/raids/{raidId}/copy', 'professor'],
      ['get', '/api/homeworkRaids/professors/{professorId}/targets', 'professor', 'professorId'],
      ['get', '/api/homeworkRaids/professors/{professorId}', 'professor', 'professorId'],
      ['post', '/api/homeworkRaids', 'professor'],
      ['patch', '/api/homeworkRaids/{id}/stop', 'professor'],
      ['delete', '/api/homeworkRaids/{id}', 'professor'],
    ];
    for (const [method, path, access, self] of calls) {
      const op = doc.paths[path]?.[method];
      expect(op?.['x-access'], `${method} ${path}`).toBe(access);
      // The self rule names, for each place (params, query, body), the fields that must be the caller's.
      const rule = op?.['x-self'] as Record<string, Record<string, string> | number> | undefined;
      const named = rule
        ? Object.values(rule).flatMap((place) => (typeof place === 'object' ? Object.keys(place) : []))
        : undefined;
      expect(named, `${method} ${path}`).toEqual(self ? [self] : undefined);
    }
  });

  it('no token answers 401 before the body is read, even with a JSON content type and no body', async () => {
    const calls: [method: 'PATCH' | 'PUT' | 'POST' | 'DELETE', url: string][] = [
      ['PATCH', '/api/professors/generate-code'],
      ['PATCH', '/api/professors/revoke-code'],
      ['PUT', `/api/users/${SOME_ID}/password`],
      ['PUT', `/api/schoolclasses/${SOME_ID}`],
      ['POST', '/api/professorsSchoolclasses/'],
      ['DELETE', `/api/codex/${SOME_ID}`],
      ['PUT', `/api/codex/${SOME_ID}`],
      ['POST', `/api/library/raids/${SOME_ID}/copy`],
      ['DELETE', `/api/homeworkRaids/${SOME_ID}`],
      ['PATCH', `/api/homeworkRaids/${SOME_ID}/stop`],
    ];
    for (const [method, url] of calls) {
      const res = await ctx.app.inject({ method, url, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json(), `${method} ${url}`).toEqual({ message: 'ERRORS.UNAUTHORIZED' });
    }
  });
});
