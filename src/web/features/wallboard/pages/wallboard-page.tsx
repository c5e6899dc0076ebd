export function WallboardPage() {
  return null;
}
