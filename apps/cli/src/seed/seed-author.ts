import { ADMIN_NAME, UsersService } from '@app/auth';
import { APP_CONFIG, AppConfig } from '@app/config';
import { INestApplicationContext } from '@nestjs/common';

/** Used when a non-administrator already has the name the service gives its first administrator. */
const FALLBACK_ADMIN_NAME = 'seed-admin';

interface SeedAuthor {
  id: number;
  name: string;
  created: boolean;
}

/**
 * The first administrator authors the seeded records. On a database without one it is created
 * the way the service's first start would: named `admin`, with ADMIN_TOKEN as its token when set.
 */
export async function seedAuthor(app: INestApplicationContext): Promise<SeedAuthor> {
  const users = app.get(UsersService);
  const admin = await users.findFirstWithRole('administrator');
  if (admin) return { id: admin.id, name: admin.name, created: false };
  const { adminToken } = app.get<AppConfig>(APP_CONFIG);
  const name = (await users.findByName(ADMIN_NAME)) ? FALLBACK_ADMIN_NAME : ADMIN_NAME;
  const token = adminToken && !(await users.hasToken(adminToken)) ? adminToken : undefined;
  const { user } = await users.createWithToken(name, 'administrator', token);
  return { id: user.id, name: user.name, created: true };
}
