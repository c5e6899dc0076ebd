import { describe, expect, it } from 'vitest';
import {
  checkLeadFields,
  leadCitySchema,
  leadCpfSchema,
  leadEmailSchema,
  leadNameSchema,
  leadNotesSchema,
  leadPhoneSchema,
  leadTextWithoutInvisible,
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
      warnings: [],
    });
    expect(checkLeadFields({ ...valid, email: '', cpf: '', uf: '' })).toEqual({
      ok: true,
      phone: '+5511987654321',
      email: null,
      cpf: null,
      uf: null,
      warnings: [],
    });
  });

  it('keeps a callable row whose e-mail, CPF or UF is wrong, without them, and says so', () => {
    expect(checkLeadFields({ ...valid, email: 'não', cpf: '111.111.111-11', uf: 'XX' })).toEqual({
      ok: true,
      phone: '+5511987654321',
      email: null,
      cpf: null,
      uf: null,
      warnings: [
        'E-mail inválido: importado sem o e-mail.',
        'CPF inválido: importado sem o CPF.',
        'UF inválida: importado sem a UF.',
      ],
    });
  });

  it('refuses a row without a name or a callable phone, with both reasons', () => {
    expect(
      checkLeadFields({ name: '', phone: '1234', email: 'não', cpf: '111.111.111-11', uf: 'XX' }),
    ).toEqual({
      ok: false,
      reasons: ['Nome vazio.', 'Telefone deve ter DDD e 8 ou 9 dígitos.'],
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

/** Invisible format characters (Unicode category Cf) that can make a list lie about a name. */
const invisible = {
  rightToLeftOverride: '\u202E',
  popDirectionalFormatting: '\u202C',
  leftToRightIsolate: '\u2066',
  popDirectionalIsolate: '\u2069',
  zeroWidthSpace: '\u200B',
  zeroWidthJoiner: '\u200D',
  rightToLeftMark: '\u200F',
  byteOrderMark: '\uFEFF',
  softHyphen: '\u00AD',
  wordJoiner: '\u2060',
  mongolianVowelSeparator: '\u180E',
};
const allInvisible = Object.values(invisible).join('');

describe('invisible characters in a lead’s texts', () => {
  it('strips bidi overrides, isolates and zero-width characters from a name', () => {
    // Shown as "Ana Souza", the first one reads backwards to a screen reader and a search.
    expect(leadNameSchema.parse('\u202EazuoS anA\u202C')).toBe('azuoS anA');
    expect(leadNameSchema.parse(`  Ana${invisible.zeroWidthSpace} Souza${allInvisible} `)).toBe(
      'Ana Souza',
    );
    expect(leadNameSchema.parse(`Jo${invisible.softHyphen}sé`)).toBe('José');
    expect(
      leadNameSchema.parse(`${invisible.leftToRightIsolate}Rita${invisible.popDirectionalIsolate}`),
    ).toBe('Rita');
  });

  it('refuses a name that is empty once they are stripped', () => {
    expect(messagesOf(leadNameSchema.safeParse(allInvisible))).toEqual(['Informe o nome.']);
    expect(messagesOf(leadNameSchema.safeParse(` ${invisible.zeroWidthSpace} `))).toEqual([
      'Informe o nome.',
    ]);
  });

  it('strips them from the city, and from the notes all but the joiners emoji need', () => {
    expect(
      leadCitySchema.parse(`São${invisible.zeroWidthSpace} Paulo${invisible.rightToLeftOverride}`),
    ).toBe('São Paulo');
    expect(leadCitySchema.parse(allInvisible)).toBeNull();
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    expect(leadNotesSchema.parse(`Ligar${invisible.rightToLeftOverride} à tarde ${family}`)).toBe(
      `Ligar à tarde ${family}`,
    );
  });

  it('strips them from an imported row’s texts with the same rules', () => {
    expect(leadTextWithoutInvisible('name', `Ana${allInvisible}`)).toBe('Ana');
    expect(leadTextWithoutInvisible('phone', `11${invisible.zeroWidthSpace}98765-4321`)).toBe(
      '1198765-4321',
    );
    expect(
      leadTextWithoutInvisible('notes', `a${invisible.zeroWidthJoiner}b${invisible.byteOrderMark}`),
    ).toBe(`a${invisible.zeroWidthJoiner}b`);
    expect(leadTextWithoutInvisible('extra', `Rita${invisible.rightToLeftOverride}`)).toBe('Rita');
  });
});
