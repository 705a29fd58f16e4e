import { createAdmin } from '../../src/server/domains/auth';
import type { StaffRole } from '../../src/shared/staff';
import type { TestApp } from './app';

export interface SignedInAdmin {
  id: number;
  name: string;
  email: string;
  password: string;
  /** The session token POST /api/admin/login returned as authToken. */
  token: string;
  /** `Authorization: Bearer <token>`, as API clients send it. */
  auth: { authorization: string };
  /** The session cookie the same sign-in set (`session=...`), as the browser sends it. */
  cookie: string;
}

/** Sign-ins of the helper come from here, so they never count against the tests' own client address. */
const HELPER_ADDRESS = '192.0.2.201';

/**
 * An admin created in the database and signed in through POST /api/admin/login, as a client would:
 * what most API tests need before their first admin call.
 */
export async function signedInAdmin(
  t: Pick<TestApp, 'app' | 'deps'>,
  admin: { name: string; email: string; password: string; role?: StaffRole } = {
    name: 'Ada Admin',
    email: 'ada@hertslocalmedia.co.uk',
    password: 'Harpenden-Common-Wren-5',
  },
): Promise<SignedInAdmin> {
  const { id } = await createAdmin(t.deps, admin);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email: admin.email, password: admin.password },
    remoteAddress: HELPER_ADDRESS,
  });
  if (res.statusCode !== 200)
    throw new Error(`signing ${admin.email} in answered ${res.statusCode}: ${res.body}`);
  const token = (res.json() as { authToken: string }).authToken;
  return {
    id,
    ...admin,
    token,
    auth: { authorization: `Bearer ${token}` },
    cookie: String(res.headers['set-cookie']).split(';')[0]!,
  };
}

/**
 * Members of staff, each made with the role its key names and signed in, in the order given (the
 * first person of an empty database owns the business, whatever their key).
 */
export async function signedInStaff<R extends StaffRole>(
  t: Pick<TestApp, 'app' | 'deps'>,
  people: Record<R, { name: string; email: string }>,
  password = 'Bramble-Lane-Otter-77',
): Promise<Record<R, SignedInAdmin>> {
  const staff = {} as Record<R, SignedInAdmin>;
  for (const [role, person] of Object.entries(people) as Array<[R, { name: string; email: string }]>)
    staff[role] = await signedInAdmin(t, { ...person, password, role });
  return staff;
}
