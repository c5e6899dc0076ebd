import { admin, baseUrl } from './browser.ts';

/** A mobile number's eight random digits after the 9, so each run's phones are its own. */
export const phoneDigits = () => `9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** Signs in through the API and answers the session cookie. */
export async function cookieOf(email: string, password: string): Promise<string> {
  const origin = baseUrl();
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

export const adminCookie = () => cookieOf(admin().email, admin().password);

/** A JSON request as `cookie`'s user; any answer of 300 or more throws. */
export async function api(
  cookie: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Record<string, unknown>> {
  const origin = baseUrl();
  const response = await fetch(`${origin}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', origin, cookie },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (response.status >= 300) {
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  }
  return response.json() as Promise<Record<string, unknown>>;
}

/** A CSV field as Excel writes it: quoted, with its quotes doubled. */
const csvField = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * Imports one lead per name through the API, as the import page does, and waits for the
 * batch to finish; answers the batch id. A plain loop rather than expect.poll, so hooks can
 * call it too. Names are quoted as Excel writes them, so any text goes through.
 */
export async function importLeads(
  source: string,
  names: readonly string[],
  place: { ddd: string; city: string; uf: string } = { ddd: '11', city: 'São Paulo', uf: 'SP' },
): Promise<number> {
  const origin = baseUrl();
  const cookie = await adminCookie();
  const csv = [
    'Nome;Telefone;Cidade;UF',
    ...names.map(
      (name) => `${csvField(name)};(${place.ddd}) ${phoneDigits()};${place.city};${place.uf}`,
    ),
  ].join('\r\n');
  const form = new FormData();
  form.append(
    'mapping',
    JSON.stringify({ Nome: 'name', Telefone: 'phone', Cidade: 'city', UF: 'uf' }),
  );
  form.append('source', source);
  form.append('legalBasis', 'legitimate_interest');
  form.append('fillEmptyFields', 'false');
  form.append('file', new Blob([csv], { type: 'text/csv' }), `${source}.csv`);
  const started = await fetch(`${origin}/api/imports`, {
    method: 'POST',
    headers: { origin, cookie },
    body: form,
  });
  if (started.status !== 202) throw new Error(`import: ${started.status} ${await started.text()}`);
  const { id } = (await started.json()) as { id: number };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const batch = await api(cookie, `/api/imports/${id}`);
    if (batch.status === 'done' && batch.inserted === names.length) return id;
    if (Date.now() > deadline) throw new Error(`import: ${JSON.stringify(batch)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Hands `count` new leads of `source` to one assessor. */
export async function distribute(assessorId: string, count: number, source: string) {
  await api(await adminCookie(), '/api/distributions', {
    method: 'POST',
    body: { perAssessor: { [assessorId]: count }, pool: { kind: 'new', source } },
  });
}
