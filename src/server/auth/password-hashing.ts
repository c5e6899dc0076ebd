import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2, a const enum that isolated modules cannot import.
const argon2id = 2;

/** argon2id with OWASP's recommended minimum: 19 MiB of memory, two passes, one lane. */
export const argon2Options = {
  algorithm: argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
