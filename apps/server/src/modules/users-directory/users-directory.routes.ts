import { UserDirectorySchema } from '@opencrt/contracts';
import { sql } from 'kysely';
import type { ApiModule } from '../module.ts';

/**
 * GET /users (spec 000 §7): Id and Username of every enabled user, for the admin's scenario share
 * dialog. Admin-only: ordinary users never share, so they have no need for the user list.
 */
export const usersDirectoryModule: ApiModule = {
  name: 'users-directory',
  register(api, ctx) {
    api.get('/users', {
      config: { permission: 'admin' },
      schema: { tags: ['users'], summary: 'User directory (Id, Username)', response: { 200: UserDirectorySchema } },
    }, async () => {
      const rows = await ctx.db.selectFrom('users').select(['id', 'username']).where('is_enabled', '=', true)
        .orderBy(sql`lower(username)`).execute();
      return rows.map((r) => ({ Id: r.id, Username: r.username }));
    });
  },
};
