/**
 * Brazil's four official times, by the IANA zones that keep them, as a centre says them. A zone
 * outside the list is shown by its IANA name.
 */
const brazilianTimes: Record<string, readonly string[]> = {
  'horário de Fernando de Noronha': ['America/Noronha'],
  'horário de Brasília': [
    'America/Sao_Paulo',
    'America/Bahia',
    'America/Fortaleza',
    'America/Recife',
    'America/Maceio',
    'America/Belem',
    'America/Araguaina',
    'America/Santarem',
    'Brazil/East',
  ],
  'horário do Amazonas': [
    'America/Manaus',
    'America/Boa_Vista',
    'America/Porto_Velho',
    'America/Cuiaba',
    'America/Campo_Grande',
    'Brazil/West',
  ],
  'horário do Acre': ['America/Rio_Branco', 'America/Eirunepe', 'Brazil/Acre'],
};

const nameByZone = new Map(
  Object.entries(brazilianTimes).flatMap(([name, zones]) => zones.map((zone) => [zone, name])),
);

/** `America/Sao_Paulo` → `horário de Brasília`; an unlisted zone → its IANA name. */
export function timeZoneName(timeZone: string): string {
  return nameByZone.get(timeZone) ?? timeZone;
}
