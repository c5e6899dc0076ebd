export function PauseReasonsPage() {
  return null;
}
