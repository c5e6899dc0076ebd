import { describe, expect, it } from 'vitest';
import { leadPersonalDataSchema } from '../../core/leads.ts';
import {
  leftoverFiles,
  postForm,
  setUpImportTestApp,
  utf8Csv,
} from './fixtures/import-fixtures.ts';

const { context, importFile, leadByPhone, counts } = setUpImportTestApp();

const list = utf8Csv(
  [
    ['nome', 'telefone'],
    ['Base Legal', '(31) 99999-7001'],
  ],
  ';',
  false,
);

describe('the legal basis of an import (LGPD)', () => {
  it('is required: a list without one, or with an unknown one, is refused in pt-BR and leaves nothing', async () => {
    const before = await counts();
    for (const legalBasis of ['', 'porque sim']) {
      const response = await postForm(
        context.t.app,
        '/api/imports',
        context.cookie,
        list,
        'sem-base.csv',
        { legalBasis },
      );
      expect(response.statusCode, legalBasis).toBe(400);
      expect(response.json().error.message).toBe('Informe a base legal (LGPD) da lista.');
    }
    expect(await counts()).toEqual(before);
    expect(await leftoverFiles()).toEqual([]);
  });

  it('is kept with the batch and shown with the lead and in its personal-data export', async () => {
    const batch = await importFile(list, 'com-base.csv', {
      legalBasis: 'consent',
      source: 'Formulário do site',
    });
    expect(batch).toMatchObject({ status: 'done', inserted: 1, legalBasis: 'consent' });
    const lead = await leadByPhone('+5531999997001');
    const headers = { cookie: context.cookie };
    const detail = await context.t.app.inject({ url: `/api/leads/${lead?.id}`, headers });
    expect(detail.json()).toMatchObject({ legalBasis: 'consent', source: 'Formulário do site' });
    const exported = await context.t.app.inject({
      url: `/api/leads/${lead?.id}/personal-data`,
      headers,
    });
    expect(leadPersonalDataSchema.parse(exported.json()).batch).toMatchObject({
      source: 'Formulário do site',
      legalBasis: 'consent',
    });
  });
});
