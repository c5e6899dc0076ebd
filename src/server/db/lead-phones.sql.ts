/**
 * A lead's numbers when it has several (migration 0028) as a JSON array of `LeadPhone`, its
 * main one first; `[]` for a lead with one number. `leadId` is SQL naming the lead's id, e.g.
 * `l.id`: one primary-key range read per lead.
 */
export function leadPhonesJson(leadId: string): string {
  return `coalesce((
    select json_agg(json_build_object('phone', n.phone, 'label', n.label,
      'whatsapp', n.whatsapp, 'state', n.state) order by n.position)
    from lead_phones n where n.lead_id = ${leadId}
  ), '[]')`;
}
