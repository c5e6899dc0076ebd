import { describe, expect, it } from 'vitest';
import {
  checkLeadFields,
  leadCpfSchema,
  leadEmailSchema,
  leadNameSchema,
  leadPhoneSchema,
  normaliseEmail,
  normaliseUf,
} from './lead-fields.ts';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('lead fields as read from a file', () => {
  const valid = {
    name: 'Maria',
    phone: '(11) 98765-4321',
    email: 'Maria@Exemplo.com.br',
    cpf: '529.982.247-25',
    uf: 'sp',
  };

  it('normalises every field it accepts', () => {
    expect(checkLeadFields(valid)).toEqual({
      ok: true,
      phone: '+5511987654321',
      email: 'maria@exemplo.com.br',
      cpf: '52998224725',
      uf: 'SP',
    });
    expect(checkLeadFields({ ...valid, email: '', cpf: '', uf: '' })).toEqual({
      ok: true,
      phone: '+5511987654321',
      email: null,
      cpf: null,
      uf: null,
    });
  });

  it('refuses with every reason, in the order of the fields', () => {
    expect(
      checkLeadFields({ name: '', phone: '1234', email: 'não', cpf: '111.111.111-11', uf: 'XX' }),
    ).toEqual({
      ok: false,
      reasons: [
        'Nome vazio.',
        'Telefone deve ter DDD e 8 ou 9 dígitos.',
        'E-mail inválido.',
        'CPF inválido.',
        'UF inválida.',
      ],
    });
    expect(checkLeadFields({ ...valid, phone: '' })).toEqual({
      ok: false,
      reasons: ['Telefone vazio.'],
    });
  });

  it('checks e-mail and UF without regard to case', () => {
    expect(normaliseEmail('X@Y.COM')).toBe('x@y.com');
    expect(normaliseEmail('x@y')).toBeUndefined();
    expect(normaliseUf('rj')).toBe('RJ');
    expect(normaliseUf('RX')).toBeUndefined();
  });
});

describe('lead field schemas of the API and the form', () => {
  it('asks for a name of at most 200 characters', () => {
    expect(leadNameSchema.parse('  Rita ')).toBe('Rita');
    expect(messagesOf(leadNameSchema.safeParse('   '))).toEqual(['Informe o nome.']);
    expect(leadNameSchema.safeParse('a'.repeat(201)).success).toBe(false);
  });

  it('keeps the phone as typed once it is a Brazilian phone, with one message per problem', () => {
    expect(leadPhoneSchema.parse(' (21) 99876-1234 ')).toBe('(21) 99876-1234');
    expect(messagesOf(leadPhoneSchema.safeParse(''))).toEqual(['Informe o telefone.']);
    expect(messagesOf(leadPhoneSchema.safeParse('1234'))).toEqual([
      'Telefone deve ter DDD e 8 ou 9 dígitos.',
    ]);
    expect(messagesOf(leadPhoneSchema.safeParse('1'.repeat(41)))).toHaveLength(1);
  });

  it('stores e-mail and CPF normalised, an emptied one as null', () => {
    expect(leadEmailSchema.parse('X@Y.com')).toBe('x@y.com');
    expect(leadEmailSchema.parse(' ')).toBeNull();
    expect(leadEmailSchema.parse(undefined)).toBeUndefined();
    expect(messagesOf(leadEmailSchema.safeParse('não é e-mail'))).toEqual(['E-mail inválido.']);
    expect(leadCpfSchema.parse('529.982.247-25')).toBe('52998224725');
    expect(leadCpfSchema.parse(null)).toBeNull();
    expect(messagesOf(leadCpfSchema.safeParse('111.111.111-11'))).toEqual(['CPF inválido.']);
  });
});
