import { useMemo } from 'react';
import { fillTemplate, firstName } from '../../../../core/message-templates.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useMessageTemplates } from '../api/get-message-templates.ts';

/**
 * The text of the template picked for a lead, filled in: `{nome}` is the lead's first name,
 * `{assessor}` the signed-in user's name, `{empresa}` the company's. Undefined: none picked,
 * or it is no longer among the active ones.
 */
export function useFilledMessage(templateId: number | null, leadName: string): string | undefined {
  const templates = useMessageTemplates();
  const { data: user } = useCurrentUser();
  return useMemo(() => {
    if (templateId === null || !templates.data) return undefined;
    const template = templates.data.templates.find((item) => item.id === templateId);
    if (!template) return undefined;
    return fillTemplate(template.body, {
      nome: firstName(leadName),
      assessor: user?.name ?? '',
      empresa: templates.data.companyName,
    });
  }, [templateId, templates.data, user?.name, leadName]);
}
