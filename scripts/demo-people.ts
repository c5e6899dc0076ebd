import { fakerPT_BR as faker } from '@faker-js/faker';
import { normaliseBrazilianPhone } from '../src/core/phone.ts';
import type { DemoRandom } from './demo-random.ts';

/** Area codes with a city of their own, so city, UF and DDD agree. */
const places: [ddd: string, city: string, uf: string][] = [
  ['11', 'São Paulo', 'SP'],
  ['19', 'Campinas', 'SP'],
  ['13', 'Santos', 'SP'],
  ['21', 'Rio de Janeiro', 'RJ'],
  ['31', 'Belo Horizonte', 'MG'],
  ['41', 'Curitiba', 'PR'],
  ['48', 'Florianópolis', 'SC'],
  ['51', 'Porto Alegre', 'RS'],
  ['61', 'Brasília', 'DF'],
  ['62', 'Goiânia', 'GO'],
  ['27', 'Vitória', 'ES'],
  ['71', 'Salvador', 'BA'],
  ['81', 'Recife', 'PE'],
  ['85', 'Fortaleza', 'CE'],
  ['91', 'Belém', 'PA'],
  ['92', 'Manaus', 'AM'],
  ['65', 'Cuiabá', 'MT'],
  ['67', 'Campo Grande', 'MS'],
];

/** A person as a spreadsheet brings them in. */
export interface DemoPerson {
  name: string;
  /** E.164, unique in the base. */
  phone: string;
  /** As typed in the spreadsheet. */
  phoneRaw: string;
  email: string | null;
  cpf: string | null;
  city: string;
  uf: string;
}

function digits(random: DemoRandom, count: number): string {
  let text = '';
  for (let index = 0; index < count; index++) text += String(random.int(0, 9));
  return text;
}

function cpf(random: DemoRandom): string {
  const base = digits(random, 9);
  const check = (text: string) => {
    let sum = 0;
    for (let index = 0; index < text.length; index++) {
      sum += Number(text[index]) * (text.length + 1 - index);
    }
    const remainder = (sum * 10) % 11;
    return remainder === 10 ? '0' : String(remainder);
  };
  const first = check(base);
  return base + first + check(base + first);
}

function spell(random: DemoRandom, ddd: string, number: string): string {
  const [head, tail] = [number.slice(0, 5), number.slice(5)];
  switch (random.int(0, 3)) {
    case 0:
      return `(${ddd}) ${head}-${tail}`;
    case 1:
      return `${ddd}${number}`;
    case 2:
      return `+55 ${ddd} ${head}-${tail}`;
    default:
      return `${ddd} ${head} ${tail}`;
  }
}

/**
 * `count` people with pt-BR names, valid mobiles none of `taken` holds, and CPFs that pass
 * their check digits; the same seed gives the same people.
 */
export function demoPeople(
  random: DemoRandom,
  seed: number,
  count: number,
  taken: Set<string>,
): DemoPerson[] {
  faker.seed(seed);
  const people: DemoPerson[] = [];
  for (let index = 0; index < count; index++) {
    const [ddd, city, uf] = random.pick(places);
    let phone = '';
    let number = '';
    while (phone === '' || taken.has(phone)) {
      number = `9${random.int(6, 9)}${digits(random, 7)}`;
      const parsed = normaliseBrazilianPhone(`${ddd}${number}`);
      phone = parsed.ok ? parsed.e164 : '';
    }
    taken.add(phone);
    const firstName = faker.person.firstName();
    const lastName = `${faker.person.lastName()} ${faker.person.lastName()}`;
    people.push({
      name: `${firstName} ${lastName}`,
      phone,
      phoneRaw: spell(random, ddd, number),
      email: random.chance(0.6)
        ? faker.internet.email({ firstName, lastName, provider: 'exemplo.com.br' }).toLowerCase()
        : null,
      cpf: random.chance(0.7) ? cpf(random) : null,
      city,
      uf,
    });
  }
  return people;
}
