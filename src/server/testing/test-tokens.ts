import type { ApiScope } from '../../core/api-tokens.ts';
import type { TestApp } from './test-app.ts';

/** Creates an API token as the admin would, and answers its id and secret. */
export async function createTestToken(
  t: TestApp,
  adminCookie: string,
  scopes: ApiScope[],
  name = `Integração ${scopes.join(' ')}`,
): Promise<{ id: number; secret: string }> {
  const response = await t.as(adminCookie).post('/api/api-tokens', { name, scopes });
  if (response.statusCode !== 201) {
    throw new Error(`token not created: ${response.statusCode} ${response.body}`);
  }
  const created = response.json() as { token: { id: number }; secret: string };
  return { id: created.token.id, secret: created.secret };
}

export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
