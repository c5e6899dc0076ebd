import { describe, expect, it } from 'vitest';
import { postForm, setUpImportTestApp, utf8Csv } from './fixtures/import-fixtures.ts';

const { context, importFile, leadByPhone } = setUpImportTestApp();

describe('import', () => {
  it('undoes a batch whose leads are all new, and refuses when one is in use', async () => {
    const make = (prefix: string) =>
      utf8Csv(
        [
          ['nome', 'telefone'],
          ['Desfazer Um', `(${prefix}) 99999-1001`],
          ['Desfazer Dois', `(${prefix}) 99999-1002`],
        ],
        ';',
        false,
      );
    const first = await importFile(make('71'), 'u1.csv');
    // A lead that went out and came back to the pool is `new` again, with history.
    const returned = await leadByPhone('+5571999991001');
    await context.t.database.db
      .insertInto('lead_history')
      .values({ lead_id: Number(returned?.id), to_status: 'new', reason: 'Devolvido ao pool' })
      .execute();
    const undo = await context.t.app.inject({
      method: 'POST',
      url: `/api/imports/${first.id}/undo`,
      headers: { origin: 'http://cca.test', cookie: context.cookie },
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().status).toBe('undone');
    expect(await leadByPhone('+5571999991001')).toBeUndefined();
    const history = await context.t.database.db
      .selectFrom('lead_history')
      .select('id')
      .where('lead_id', '=', Number(returned?.id))
      .execute();
    expect(history).toEqual([]);

    const second = await importFile(make('81'), 'u2.csv');
    const admin = await context.t.database.db
      .selectFrom('users')
      .select('id')
      .executeTakeFirstOrThrow();
    await context.t.database.db
      .updateTable('leads')
      .set({ status: 'assigned', owner_id: admin.id, assigned_at: new Date() })
      .where('phone', '=', '+5581999991001')
      .execute();
    const refused = await context.t.app.inject({
      method: 'POST',
      url: `/api/imports/${second.id}/undo`,
      headers: { origin: 'http://cca.test', cookie: context.cookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/já foram distribuídos/);
    expect(await leadByPhone('+5581999991002')).toBeDefined();
    const again = await context.t.app.inject({
      method: 'POST',
      url: `/api/imports/${first.id}/undo`,
      headers: { origin: 'http://cca.test', cookie: context.cookie },
    });
    expect(again.statusCode).toBe(409);
  });

  it('is for admins only', async () => {
    const assessor = await context.t.createSignedInUser('assessor');
    const list = await context.t.as(assessor).get('/api/imports');
    expect(list.statusCode).toBe(403);
    const file = utf8Csv(
      [
        ['nome', 'telefone'],
        ['A', '11987650009'],
      ],
      ';',
      false,
    );
    const post = await postForm(context.t.app, '/api/imports', assessor.cookie, file, 'x.csv');
    expect(post.statusCode).toBe(403);
    const anonymous = await context.t.app.inject({ url: '/api/imports/1' });
    expect(anonymous.statusCode).toBe(401);
  });
});
