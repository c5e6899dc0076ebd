/**
 * The name of a step (a CTE) of the calling statement that a shared SQL fragment reads: the
 * statement that defines the step names it, so the fragment's feature does not have to know
 * another feature's statement. Written into the SQL as it is, hence the check: a plain name.
 */
export function stepName(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a step name: ${name}`);
  return name;
}
