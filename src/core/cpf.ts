/** The 11 digits of a CPF whose check digits are right, or undefined. */
export function normaliseCpf(input: string): string | undefined {
  const digits = input.replace(/\D/g, '').padStart(11, '0');
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return undefined;
  const checkDigit = (length: number) => {
    let sum = 0;
    for (let index = 0; index < length; index++) {
      sum += Number(digits[index]) * (length + 1 - index);
    }
    const remainder = (sum * 10) % 11;
    return remainder === 10 ? 0 : remainder;
  };
  if (checkDigit(9) !== Number(digits[9]) || checkDigit(10) !== Number(digits[10]))
    return undefined;
  return digits;
}

/** `12345678909` → `123.456.789-09`. */
export function formatCpf(digits: string): string {
  return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
}
