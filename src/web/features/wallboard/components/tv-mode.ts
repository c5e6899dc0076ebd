/** `/painel?tv=1`: the wallboard on a television, with no header and nothing to click. */
export function isTvMode(search: string): boolean {
  return new URLSearchParams(search).get('tv') === '1';
}
