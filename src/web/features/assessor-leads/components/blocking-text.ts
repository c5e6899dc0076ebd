import type { MyLead, OutcomeChoice } from '../../../../core/attempts.ts';
import { callablePhones, phoneStateLabels } from '../../../../core/lead-phones.ts';
import { phoneStateMarkedBy } from '../../../../core/outcomes.ts';
import { formatBrazilianPhone } from '../../../../core/phone.ts';

/**
 * What the confirmation of a closing outcome ("Número inválido", "Não conhece o titular", "Não
 * ligar") says the call will do: on a lead with several numbers, an outcome that marks the
 * number dialled marks only that one while another may be dialled.
 */
export function blockingText(
  lead: MyLead,
  choice: OutcomeChoice,
  dialled: string,
): { title: string; message: string } {
  const others = callablePhones(lead.phones).filter((phone) => phone.phone !== dialled);
  const marked = phoneStateMarkedBy(choice.outcome);
  if (marked !== null && others.length > 0) {
    return {
      title: `${choice.label}: marcar este número?`,
      message: `O número ${formatBrazilianPhone(dialled)} de ${lead.name} fica marcado como "${phoneStateLabels[marked]}"; o lead continua na sua lista com ${others.length === 1 ? 'o outro número' : `os outros ${others.length} números`}.`,
    };
  }
  const numbers =
    lead.phones.length > 1
      ? `nenhum dos ${lead.phones.length} números`
      : `o telefone ${formatBrazilianPhone(lead.phone)}`;
  return {
    title: `${choice.label}: bloquear o telefone?`,
    message:
      marked !== null
        ? `${lead.name} sai da sua lista: ${lead.phones.length > 1 ? 'nenhum outro número dele pode ser ligado' : `o telefone ${formatBrazilianPhone(lead.phone)} não será mais distribuído a ninguém`}.`
        : `${lead.name} sai da sua lista e ${numbers} não será mais distribuído a ninguém.`,
  };
}
