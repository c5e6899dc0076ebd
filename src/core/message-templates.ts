import { z } from 'zod';
import { requiredText } from './required-text.ts';

/**
 * WhatsApp message templates (issue #22): an admin writes them, an assessor picks one and the
 * WhatsApp link opens the conversation with it typed in. CCA sends nothing itself: the text
 * travels in the link and the assessor presses send.
 */

/** The variables a template may name, written between braces: `{nome}`. */
export const templateVariables = ['nome', 'assessor', 'empresa'] as const;
export type TemplateVariable = (typeof templateVariables)[number];
export type TemplateValues = Record<TemplateVariable, string>;

export const templateVariableLabels: Record<TemplateVariable, string> = {
  nome: 'primeiro nome do lead',
  assessor: 'nome do assessor',
  empresa: 'nome da empresa',
};

/** What the admin's preview fills in. */
export const sampleTemplateValues: TemplateValues = {
  nome: 'Maria',
  assessor: 'João Assessor',
  empresa: 'Sua Empresa',
};

// A word between braces is a variable; a lone brace or `{ }` is plain text.
const placeholderPattern = /\{([\p{L}\p{N}_]+)\}/gu;

const isTemplateVariable = (name: string): name is TemplateVariable =>
  (templateVariables as readonly string[]).includes(name);

/** The variables a body names that are not known, each once, as written (`{cpf}`). */
export function unknownVariables(body: string): string[] {
  const unknown = new Set<string>();
  for (const match of body.matchAll(placeholderPattern)) {
    const name = match[1] as string;
    if (!isTemplateVariable(name)) unknown.add(`{${name}}`);
  }
  return [...unknown];
}

const knownVariablesText = templateVariables.map((name) => `{${name}}`).join(', ');

export function unknownVariablesMessage(unknown: readonly string[]): string {
  const named = unknown.join(', ');
  return unknown.length === 1
    ? `Variável desconhecida: ${named}. Use ${knownVariablesText}.`
    : `Variáveis desconhecidas: ${named}. Use ${knownVariablesText}.`;
}

/** The body with each known variable replaced by its value; anything else stays as written. */
export function fillTemplate(body: string, values: TemplateValues): string {
  return body.replace(placeholderPattern, (whole, name: string) =>
    isTemplateVariable(name) ? values[name] : whole,
  );
}

/**
 * The first name of a lead, as a message greets them: imported names often come in capitals
 * ("MARIA DA SILVA"), which read as shouting, so a name all in capitals is written "Maria".
 */
export function firstName(fullName: string): string {
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  if (first !== first.toUpperCase() || first === first.toLowerCase()) return first;
  return first.charAt(0) + first.slice(1).toLocaleLowerCase('pt-BR');
}

/**
 * The WhatsApp link of a phone (`https://wa.me/<E.164 digits>`), with a message already typed
 * in when there is one.
 */
export function whatsAppLink(phone: string, text?: string): string {
  const link = `https://wa.me/${phone.replace(/\D/g, '')}`;
  return text ? `${link}?text=${encodeURIComponent(text)}` : link;
}

const templateNameSchema = requiredText({
  empty: 'Informe o nome do modelo.',
  max: 80,
  tooLong: 'O nome do modelo deve ter no máximo 80 caracteres.',
});

const templateBodySchema = requiredText({
  empty: 'Escreva o texto da mensagem.',
  max: 1000,
  tooLong: 'O texto da mensagem deve ter no máximo 1000 caracteres.',
  prose: true,
}).refine((body) => unknownVariables(body).length === 0, {
  error: (issue) => unknownVariablesMessage(unknownVariables(String(issue.input))),
});

/** `POST /api/message-templates`. */
export const createMessageTemplateBodySchema = z.strictObject({
  name: templateNameSchema,
  body: templateBodySchema,
});
export type CreateMessageTemplateBody = z.input<typeof createMessageTemplateBodySchema>;

/** `PATCH /api/message-templates/{id}`: `active: false` archives it, `true` brings it back. */
export const updateMessageTemplateBodySchema = z
  .strictObject({
    name: templateNameSchema.optional(),
    body: templateBodySchema.optional(),
    active: z.boolean({ error: 'Ativo deve ser sim ou não.' }).optional(),
  })
  .refine(
    (change) =>
      change.name !== undefined || change.body !== undefined || change.active !== undefined,
    { error: 'Informe o que mudar no modelo.' },
  );
export type UpdateMessageTemplateBody = z.input<typeof updateMessageTemplateBodySchema>;

export const messageTemplateIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Modelo de mensagem inválido.' })
    .int({ error: 'Modelo de mensagem inválido.' })
    .positive({ error: 'Modelo de mensagem inválido.' }),
});

export const messageTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  body: z.string(),
  /** False once archived: assessors no longer see it; calls that sent it keep its name. */
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

/** `GET /api/message-templates`: archived ones too with `archived=yes` (admins only). */
export const messageTemplateListQuerySchema = z.object({
  archived: z.enum(['yes', 'no'], { error: 'Use archived=yes ou archived=no.' }).default('no'),
});

const companyNameSchema = requiredText({
  empty: 'Informe o nome da empresa.',
  max: 80,
  tooLong: 'O nome da empresa deve ter no máximo 80 caracteres.',
});

/** `PUT /api/message-templates/company`: the name `{empresa}` is filled with. */
export const companyNameBodySchema = z.strictObject({ companyName: companyNameSchema });
export type CompanyNameBody = z.input<typeof companyNameBodySchema>;

/** The company's name; empty until an admin sets it. */
export const companyNameAnswerSchema = z.object({ companyName: z.string() });

export const messageTemplateListSchema = z.object({
  templates: z.array(messageTemplateSchema),
  companyName: z.string(),
});
export type MessageTemplateList = z.infer<typeof messageTemplateListSchema>;

/** The app_settings key the company's name is stored under, as plain text. */
export const companyNameSettingKey = 'company_name';
