import { describe, expect, it } from 'vitest';
import {
  createMessageTemplateBodySchema,
  fillTemplate,
  firstName,
  unknownVariables,
  updateMessageTemplateBodySchema,
  whatsAppLink,
} from './message-templates.ts';

const values = { nome: 'Maria', assessor: 'João', empresa: 'Acme Seguros' };

describe('fillTemplate', () => {
  it('fills every variable, as many times as it appears', () => {
    expect(
      fillTemplate('Olá {nome}! Sou {assessor}, da {empresa}. {nome}, tudo bem?', values),
    ).toBe('Olá Maria! Sou João, da Acme Seguros. Maria, tudo bem?');
  });

  it('leaves plain braces and unknown words as written', () => {
    expect(fillTemplate('{ } { {nomes} {cpf} {nome', values)).toBe('{ } { {nomes} {cpf} {nome');
  });

  it('does not read a value as a pattern', () => {
    expect(fillTemplate('{nome}', { ...values, nome: '$& $1 {empresa}' })).toBe('$& $1 {empresa}');
  });
});

describe('unknownVariables', () => {
  it('names each unknown variable once', () => {
    expect(unknownVariables('{nome} {cpf} {Nome} {cpf} {e-mail}')).toEqual(['{cpf}', '{Nome}']);
    expect(unknownVariables('Oi {nome}, {assessor} da {empresa}')).toEqual([]);
  });
});

describe('template bodies', () => {
  it('refuses an unknown variable in pt-BR, naming it', () => {
    const parsed = createMessageTemplateBodySchema.safeParse({
      name: 'Boas-vindas',
      body: 'CPF {cpf}',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'Variável desconhecida: {cpf}. Use {nome}, {assessor}, {empresa}.',
    );
  });

  it('trims, and refuses empty or long text', () => {
    expect(createMessageTemplateBodySchema.parse({ name: '  Oi  ', body: ' Olá {nome} ' })).toEqual(
      { name: 'Oi', body: 'Olá {nome}' },
    );
    const messages = (input: unknown) =>
      createMessageTemplateBodySchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(messages({ name: ' ', body: 'x' })).toEqual(['Informe o nome do modelo.']);
    expect(messages({ name: 'x', body: 'y'.repeat(1001) })).toEqual([
      'O texto da mensagem deve ter no máximo 1000 caracteres.',
    ]);
  });

  it('takes a change of any one field, and refuses none', () => {
    expect(updateMessageTemplateBodySchema.parse({ active: false })).toEqual({ active: false });
    expect(updateMessageTemplateBodySchema.safeParse({}).error?.issues[0]?.message).toBe(
      'Informe o que mudar no modelo.',
    );
  });
});

describe('firstName', () => {
  it('takes the first word, in capitals only when the name was not all capitals', () => {
    expect(firstName('  Maria da Silva ')).toBe('Maria');
    expect(firstName('MARIA DA SILVA')).toBe('Maria');
    expect(firstName('ÂNGELA SOUZA')).toBe('Ângela');
    expect(firstName('joão')).toBe('joão');
    expect(firstName('McDONALD')).toBe('McDONALD');
  });
});

describe('whatsAppLink', () => {
  it('links the E.164 digits, with the message encoded when there is one', () => {
    expect(whatsAppLink('+5511987654321')).toBe('https://wa.me/5511987654321');
    expect(whatsAppLink('+5511987654321', '')).toBe('https://wa.me/5511987654321');
    expect(whatsAppLink('+5511987654321', 'Olá Maria & cia?\nSim: 100%')).toBe(
      'https://wa.me/5511987654321?text=Ol%C3%A1%20Maria%20%26%20cia%3F%0ASim%3A%20100%25',
    );
  });
});
