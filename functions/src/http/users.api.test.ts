import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { firebaseUserDirectory } from '../adapters/identity/firebase-user-directory';
import { CAPABILITY_MATRIX, ROLE_KEYS, type RoleKey } from '@insight/common/roles';
import { cachedCurrentRoles } from '../domain/users/current-roles';
import { MemoryUserDirectory, type DirectoryUser } from '../domain/users/user-directory';
import { appWith, fakeUpstream, testVerifyToken, tokenFor } from '../testing/fake-upstream';

const person = (uid: string, email: string, roles: RoleKey[] = []): DirectoryUser => ({
  uid,
  email,
  displayName: uid,
  roles,
  emailVerified: true,
  lastSignIn: null,
  disabled: false,
});

const POLICY = { adminEmails: ['boss@insight.test'], allowedEmailDomains: ['insight.test'] };

function setup(policy = POLICY, { withUnverified = false } = {}) {
  const directory = new MemoryUserDirectory([
    person('u1', 'u1@insight.test'),
    person('boss', 'boss@insight.test'),
    person('out', 'out@elsewhere.example', ['support1']),
    // Same addresses as above, but the identity provider has not verified them.
    ...(withUnverified
      ? [person('fakeboss', 'boss@insight.test'), person('fakeu1', 'u1@insight.test', ['support3'])]
      : []),
  ]);
  const unverified = new Set(['fakeboss', 'fakeu1']);
  // Tokens carry the e-mail the directory has for the uid.
  const verifyToken = async (token: string) => {
    const decoded = await testVerifyToken(token);
    return {
      ...decoded,
      email: (await directory.get(decoded.uid))?.email ?? decoded.email,
      email_verified: !unverified.has(decoded.uid),
    };
  };
  const { app, audit } = appWith(fakeUpstream({}).transport, { directory, policy, verifyToken });
  return { app, audit, directory };
}

describe('session', () => {
  it('when an admin e-mail signs in without engineering, then it is granted, mirrored and audited', async () => {
    const { app, audit, directory } = setup();
    const res = await request(app).post('/api/session').set('authorization', tokenFor('boss', []));
    expect(res.body).toEqual({ allowed: true, roles: ['engineering'], changed: true });
    expect(directory.mirrored).toEqual([{ uid: 'boss', roles: ['engineering'], by: 'system:admin-emails' }]);
    expect(audit.records).toEqual([
      expect.objectContaining({
        operation: 'setRoles',
        parameters: expect.objectContaining({ target: 'boss', roles: ['engineering'] }),
      }),
    ]);
    const again = await request(app)
      .post('/api/session')
      .set('authorization', tokenFor('boss', ['engineering']));
    expect(again.body.changed).toBe(false);
  });
  it('when a user outside the allowed domains signs in, then the session says not allowed and every capability is refused', async () => {
    const { app } = setup();
    const token = 'Bearer test-out-support1';
    expect((await request(app).post('/api/session').set('authorization', token)).body.allowed).toBe(false);
    expect((await request(app).get('/api/360/AABBCCDDEEFF/lan').set('authorization', token)).status).toBe(
      403,
    );
  });
  it('when an admin e-mail that is not verified signs in, then it gets no role and no access', async () => {
    const { app, audit, directory } = setup(POLICY, { withUnverified: true });
    const res = await request(app).post('/api/session').set('authorization', tokenFor('fakeboss', []));
    expect(res.body).toEqual({ allowed: false, roles: [], changed: false });
    expect(directory.mirrored).toEqual([]);
    expect(audit.records).toEqual([]);
  });
  it('when the admin list is set without a domain list, then an unverified admin e-mail still gets no role', async () => {
    const { app, directory } = setup(
      { adminEmails: ['boss@insight.test'], allowedEmailDomains: [] },
      { withUnverified: true },
    );
    const res = await request(app).post('/api/session').set('authorization', tokenFor('fakeboss', []));
    expect(res.body.roles).toEqual([]);
    expect(directory.mirrored).toEqual([]);
  });
  it('when an unverified e-mail of an allowed domain calls the API, then it is not allowed and every capability is refused', async () => {
    const { app } = setup(POLICY, { withUnverified: true });
    const token = tokenFor('fakeu1', ['support3']);
    expect((await request(app).post('/api/session').set('authorization', token)).body.allowed).toBe(false);
    expect((await request(app).get('/api/360/AABBCCDDEEFF/lan').set('authorization', token)).status).toBe(
      403,
    );
  });
  it('when no domain list is configured, then everyone is allowed', async () => {
    const { app } = setup({ adminEmails: [], allowedEmailDomains: [] });
    expect(
      (await request(app).post('/api/session').set('authorization', 'Bearer test-out-support1')).body.allowed,
    ).toBe(true);
  });
});

describe('users and roles', () => {
  it('when each role lists users or sets roles, then only manageRoles (engineering) is allowed', async () => {
    for (const role of [...ROLE_KEYS, null]) {
      const { app } = setup();
      const token = tokenFor('u1', role ? [role] : []);
      const allowed = role !== null && CAPABILITY_MATRIX.manageRoles.includes(role);
      expect((await request(app).get('/api/users').set('authorization', token)).status === 403).toBe(
        !allowed,
      );
      expect(
        (
          await request(app)
            .put('/api/users/u1/roles')
            .set('authorization', token)
            .send({ roles: ['support1'] })
        ).status === 403,
      ).toBe(!allowed);
    }
  });
  it('when engineering grants and revokes a role, then the claim changes and both are audited with before and after', async () => {
    const { app, audit, directory } = setup();
    const token = tokenFor('boss', ['engineering']);
    const granted = await request(app)
      .put('/api/users/u1/roles')
      .set('authorization', token)
      .send({ roles: ['support2'] });
    expect(granted.body).toEqual({ uid: 'u1', roles: ['support2'] });
    await request(app).put('/api/users/u1/roles').set('authorization', token).send({ roles: [] });
    expect(directory.mirrored.map((m) => m.roles)).toEqual([['support2'], []]);
    expect(audit.records.map((r) => r.parameters)).toEqual([
      { target: 'u1', targetEmail: 'u1@insight.test', before: [], roles: ['support2'] },
      { target: 'u1', targetEmail: 'u1@insight.test', before: ['support2'], roles: [] },
    ]);
  });
  it('when the body names an unknown role or the uid is malformed, then 400 and nothing changes', async () => {
    const { app, directory } = setup();
    const token = tokenFor('boss', ['engineering']);
    expect(
      (
        await request(app)
          .put('/api/users/u1/roles')
          .set('authorization', token)
          .send({ roles: ['root'] })
      ).status,
    ).toBe(400);
    expect(
      (
        await request(app)
          .put('/api/users/u1/roles')
          .set('authorization', token)
          .send({ roles: ['support1'], extra: 1 })
      ).status,
    ).toBe(400);
    expect(
      (await request(app).put('/api/users/a%20b/roles').set('authorization', token).send({ roles: [] }))
        .status,
    ).toBe(400);
    expect(
      (await request(app).put('/api/users/ghost/roles').set('authorization', token).send({ roles: [] }))
        .status,
    ).toBe(404);
    expect(directory.mirrored).toHaveLength(0);
  });
  it('when engineering searches, then matching users come back', async () => {
    const { app } = setup();
    const res = await request(app)
      .get('/api/users?q=BOSS')
      .set('authorization', tokenFor('boss', ['engineering']));
    expect(res.body.users.map((u: DirectoryUser) => u.uid)).toEqual(['boss']);
  });
});

describe('grants follow the domain policy', () => {
  it('when engineering grants a role to an account outside the allowed domains or unverified, then 403, nothing changes, the refusal is audited; removing roles stays possible', async () => {
    const { app, directory, audit } = setup();
    await directory.setRoles('out', ['support1'], 'seed');
    directory.mirrored.length = 0;
    const grant = (uid: string, roles: string[]) =>
      request(app)
        .put(`/api/users/${uid}/roles`)
        .set('authorization', tokenFor('boss', ['engineering']))
        .send({ roles });
    const refused = await grant('out', ['support3']);
    expect(refused.status).toBe(403);
    expect(directory.mirrored).toEqual([]);
    expect(audit.records.at(-1)).toMatchObject({
      operation: 'setRoles',
      outcome: 'failed',
      errorCode: 'forbidden',
    });
    const unverified = (await directory.get('u1'))!;
    unverified.emailVerified = false;
    expect((await grant('u1', ['support1'])).status).toBe(403);
    expect((await grant('out', [])).status).toBe(200);
    expect(directory.mirrored).toEqual([{ uid: 'out', roles: [], by: 'boss' }]);
  });
});

describe('roles checked on every call', () => {
  it("when a user's roles are removed, then their still-valid token stops working within the cache time, for reads and operations alike", async () => {
    const directory = new MemoryUserDirectory([person('u9', 'u9@insight.test', ['support3'])]);
    let clock = 1_000_000;
    const { app } = appWith(fakeUpstream({}).transport, {
      directory,
      currentRoles: cachedCurrentRoles(directory, 5000, () => clock),
    });
    // The token still carries support3 throughout: only the directory changes.
    const token = tokenFor('u9', ['support3']);
    const view = () => request(app).get('/api/360/AABBCCDDEEFF/lan').set('authorization', token);
    const regenerate = () =>
      request(app)
        .post('/api/360/AABBCCDDEEFF/birth-certificates/regenerate')
        .set('authorization', token)
        .send({});
    expect((await view()).status).not.toBe(403);
    await directory.setRoles('u9', [], 'boss');
    clock += 5001;
    expect((await view()).status).toBe(403);
    expect((await regenerate()).status).toBe(403);
  });
  it('when the directory does not know the user, then no role is granted whatever the token says', async () => {
    const directory = new MemoryUserDirectory([]);
    const { app } = appWith(fakeUpstream({}).transport, {
      directory,
      currentRoles: cachedCurrentRoles(directory),
    });
    const res = await request(app)
      .get('/api/users')
      .set('authorization', tokenFor('ghost', ['engineering']));
    expect(res.status).toBe(403);
  });
});

describe('sessions end when roles are removed', () => {
  /** Firebase Auth and Firestore as the directory adapter uses them, recording each call in order. */
  function firebaseFakes(claims: Record<string, unknown>) {
    const calls: string[] = [];
    const auth = {
      getUser: async (uid: string) =>
        ({
          uid,
          email: `${uid}@insight.test`,
          emailVerified: true,
          displayName: uid,
          disabled: false,
          customClaims: claims,
          metadata: { lastSignInTime: null },
        }) as unknown as UserRecord,
      setCustomUserClaims: async (uid: string, next: { roles: RoleKey[] }) => {
        claims.roles = next.roles;
        calls.push(`claims ${uid} [${next.roles.join(',')}]`);
      },
      revokeRefreshTokens: async (uid: string) => {
        calls.push(`revoke ${uid}`);
      },
    } as unknown as Auth;
    const db = {
      doc: (path: string) => ({
        set: async (data: { roles: RoleKey[] }) => {
          calls.push(`mirror ${path} [${data.roles.join(',')}]`);
        },
      }),
    } as unknown as Firestore;
    return { auth, db, calls };
  }

  it("when engineering removes a role, then the user's refresh tokens are revoked before the mirror changes; a grant revokes nothing", async () => {
    const { auth, db, calls } = firebaseFakes({ roles: [] });
    const { app } = appWith(fakeUpstream({}).transport, {
      directory: firebaseUserDirectory(
        () => auth,
        () => db,
      ),
      policy: POLICY,
    });
    const put = (roles: RoleKey[]) =>
      request(app)
        .put('/api/users/u1/roles')
        .set('authorization', tokenFor('boss', ['engineering']))
        .send({ roles });
    expect((await put(['support1', 'support3'])).status).toBe(200);
    expect((await put(['support1', 'support3', 'install'])).status).toBe(200);
    expect(calls.some((call) => call.startsWith('revoke'))).toBe(false);
    calls.length = 0;
    expect((await put(['support1'])).status).toBe(200);
    expect(calls).toEqual(['claims u1 [support1]', 'revoke u1', 'mirror user_roles/u1 [support1]']);
    calls.length = 0;
    expect((await put([])).status).toBe(200);
    expect(calls).toEqual(['claims u1 []', 'revoke u1', 'mirror user_roles/u1 []']);
  });
});
