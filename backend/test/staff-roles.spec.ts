import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { STAFF_RIGHTS_KEY } from '../src/modules/admin/staff.guard';
import { RIGHTS_BY_ROLE, STAFF_ROLES, type StaffRight, type StaffRole } from '../src/modules/admin/staff-roles';
import { asStaff } from './support/admin';
import { registeredRoutes } from './support/routes';
import { createTestApp, type TestApp } from './support/test-app';

/** The event the door account is given, and one it is not. */
const DOOR_EVENT = 424242;
const OTHER_EVENT = 424243;
const SOME_UUID = '00000000-0000-4000-8000-000000000000';

/**
 * What every route handler declares with @StaffOnly (or StaffOrDownloadLink), read from the
 * metadata the decorators set: 'GET /api/admin/staff' → ['staff']; undefined when nothing is declared.
 */
function declaredRights(t: TestApp): Map<string, readonly StaffRight[] | undefined> {
  const rights = new Map<string, readonly StaffRight[] | undefined>();
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
      const onClass = Reflect.getMetadata(STAFF_RIGHTS_KEY, metatype) as StaffRight[] | undefined;
      for (const name of Object.getOwnPropertyNames(metatype.prototype)) {
        const handler = (metatype.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler);
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (path === undefined || method === undefined) continue;
        const full = `/api/${base}/${String(path)}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
        const own = Reflect.getMetadata(STAFF_RIGHTS_KEY, handler) as StaffRight[] | undefined;
        rights.set(`${RequestMethod[method]} ${full}`, own ?? onClass);
      }
    }
  }
  return rights;
}

/** A concrete URL for a route: an event's `:id` is the door's event, any other parameter a UUID. */
function concrete(path: string, eventId = DOOR_EVENT): string {
  return path
    .replace(/^\/api\/admin\/events\/:id/, `/api/admin/events/${eventId}`)
    .replace(/:[A-Za-z0-9_]+/g, SOME_UUID)
    .replace(/\{\*[^}]+\}|\*[A-Za-z0-9_]*/g, 'x');
}

/**
 * The status of a call, read as soon as its headers arrive: a live stream (the desk's events)
 * never ends on its own, and only the status matters here.
 */
function statusOf(server: Server, method: string, path: string, authorization: string): Promise<number> {
  const { port } = server.address() as AddressInfo;
  const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          authorization,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
        call.destroy();
      },
    );
    call.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    call.end(body);
  });
}

describe('Staff roles over every admin route', () => {
  let t: TestApp;
  let server: Server;
  const headers = {} as Record<StaffRole, string>;

  beforeAll(async () => {
    t = await createTestApp();
    await t.reset();
    for (const role of STAFF_ROLES) {
      headers[role] = await asStaff(t, {
        username: `matrix-${role}`,
        password: `matrix-${role}-password`,
        role,
        doorEventIds: role === 'door' ? [DOOR_EVENT] : [],
      });
    }
    server = t.http as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await t.close();
  });

  const adminRoutes = () =>
    registeredRoutes(t).filter((r) => r.path === '/api/admin' || r.path.startsWith('/api/admin/'));

  it('finds every admin route from the running app, and each one declares the rights it needs', () => {
    const routes = adminRoutes();
    // The sweep must see the real routes, including the ones later modules add.
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/me',
        'GET /api/admin/staff',
        'POST /api/admin/payments/:id/refund',
        'POST /api/admin/events/:id/check-in',
      ]),
    );
    const declared = declaredRights(t);
    const undeclared = routes.map((r) => `${r.method} ${r.path}`).filter((key) => !Array.isArray(declared.get(key)));
    expect(undeclared).toEqual([]);
  });

  it('grants each role the rights the issue gives it, and names the right of the sensitive routes', () => {
    expect(RIGHTS_BY_ROLE.events).toEqual([
      'waitlist',
      'members:offer',
      'members:read',
      'events',
      'invitations',
      'rsvps',
      'payments:read',
      'insights',
    ]);
    expect(RIGHTS_BY_ROLE.concierge).toEqual(['requests', 'members:read', 'vendors', 'applications']);
    expect(RIGHTS_BY_ROLE.door).toEqual(['check-in']);
    const declared = declaredRights(t);
    expect(declared.get('POST /api/admin/payments/:id/refund')).toEqual(['payments:refund']);
    expect(declared.get('GET /api/admin/payments')).toEqual(['payments:read']);
    expect(declared.get('PUT /api/admin/maintenance')).toEqual(['maintenance']);
    expect(declared.get('POST /api/admin/staff')).toEqual(['staff']);
    expect(declared.get('POST /api/admin/user-requests/:id/replies')).toEqual(['requests']);
    expect(declared.get('POST /api/admin/events/:id/check-in')).toEqual(['check-in']);
  });

  it.each(STAFF_ROLES.map((role) => [role]))(
    'answers the %s role 403 FORBIDDEN_FOR_ROLE exactly where the role lacks the right',
    async (role) => {
      const declared = declaredRights(t);
      const wrong: string[] = [];
      for (const route of adminRoutes()) {
        const rights = declared.get(`${route.method} ${route.path}`) ?? [];
        const allowed = rights.length === 0 || rights.some((right) => RIGHTS_BY_ROLE[role].includes(right));
        const status = await statusOf(server, route.method, concrete(route.path), headers[role]);
        if (status === 401 || status === 429) wrong.push(`${route.method} ${route.path}: ${status} (not signed in)`);
        else if (allowed && status === 403)
          wrong.push(`${route.method} ${route.path}: 403, but ${role} holds ${rights}`);
        else if (!allowed && status !== 403) wrong.push(`${route.method} ${route.path}: ${status}, expected 403`);
      }
      expect(wrong).toEqual([]);
    },
    120_000,
  );

  it('refuses with the readable message and its code', async () => {
    const refused = await request(t.http).get('/api/admin/staff').set('Authorization', headers.events).expect(403);
    expect(refused.body).toEqual({
      success: false,
      error: 'Your role does not allow this.',
      code: 'FORBIDDEN_FOR_ROLE',
    });
  });

  it('lets the queue board and /metrics in for the owner only', async () => {
    for (const role of STAFF_ROLES) {
      const queues = await request(t.http).get('/admin/queues').set('Authorization', headers[role]);
      const metrics = await request(t.http).get('/metrics').set('Authorization', headers[role]);
      if (role === 'owner') {
        expect(queues.status).toBe(200);
        expect(metrics.status).toBe(200);
      } else {
        expect([role, queues.status, queues.body.code]).toEqual([role, 403, 'FORBIDDEN_FOR_ROLE']);
        expect([role, metrics.status, metrics.body.code]).toEqual([role, 403, 'FORBIDDEN_FOR_ROLE']);
      }
    }
  });

  it('keeps the door to its own events: another event is refused on every check-in route', async () => {
    const checkIn = adminRoutes().filter((r) => r.path.startsWith('/api/admin/events/:id/check-in'));
    expect(checkIn.length).toBeGreaterThanOrEqual(4);
    for (const route of checkIn) {
      const other = await statusOf(server, route.method, concrete(route.path, OTHER_EVENT), headers.door);
      expect([route.method, route.path, other]).toEqual([route.method, route.path, 403]);
      const own = await statusOf(server, route.method, concrete(route.path, DOOR_EVENT), headers.door);
      expect(own).not.toBe(403);
    }
  });
});
