import os from 'node:os';

type Interfaces = ReturnType<typeof os.networkInterfaces>;

const allInterfaces = new Set(['0.0.0.0', '::']);

/**
 * The addresses people can open CCA at, listening on `host`: localhost, and on every
 * interface each LAN IPv4 address of this PC.
 */
export function openingAddresses(
  host: string,
  port: number,
  interfaces: Interfaces = os.networkInterfaces(),
): string[] {
  if (!allInterfaces.has(host)) {
    const shown = host.includes(':') ? `[${host}]` : host;
    return [`http://${shown}:${port}`];
  }
  const lan = Object.values(interfaces)
    .flat()
    .filter((address) => address && address.family === 'IPv4' && !address.internal)
    .map((address) => `http://${address?.address}:${port}`);
  return [`http://localhost:${port}`, ...lan];
}

/** The start-up lines that say where CCA can be opened, and what APP_URL changes. */
export function openingMessages(options: {
  host: string;
  port: number;
  appUrl: string;
  appUrlConfigured: boolean;
  interfaces?: Interfaces;
}): string[] {
  const addresses = openingAddresses(options.host, options.port, options.interfaces);
  const lines = [`Abra o CCA em: ${addresses.join('  ou  ')}`];
  const lan = addresses.filter((address) => !address.startsWith('http://localhost'));
  if (!options.appUrlConfigured && allInterfaces.has(options.host) && lan.length > 0) {
    lines.push(
      `APP_URL não definido: os links enviados por e-mail (convites e senhas) apontam para ` +
        `${options.appUrl}, que só abre neste computador. Defina APP_URL com o endereço que ` +
        `a equipe usa (ex.: APP_URL=${lan[0]}).`,
    );
  }
  return lines;
}
