// `npm audit` of the production dependencies, for CI: fails on any high or critical advisory.
// A registry that offers no advisory endpoint (some mirrors answer 405) cannot be asked: that is
// said loudly, and the check counts as not done rather than as passed or failed.
import { execFileSync } from 'node:child_process';

let output;
try {
  output = execFileSync('npm', ['audit', '--omit=dev', '--json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
} catch (error) {
  // npm audit exits non-zero when it finds advisories; its JSON is still on stdout.
  output = error.stdout;
}

let report;
try {
  report = JSON.parse(output);
} catch {
  console.error('[audit] npm audit não devolveu JSON:', output);
  process.exit(1);
}

if (report.statusCode || report.error) {
  const line = '!'.repeat(78);
  console.warn(
    `${line}\n!! npm audit NÃO foi feito: o registro não respondeu às consultas de avisos ` +
      `(${report.statusCode ?? report.error?.code ?? '?'} ${report.message ?? ''}).\n${line}`,
  );
  process.exit(0);
}

const counts = report.metadata?.vulnerabilities ?? {};
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `[audit] dependências de produção: ${counts.critical ?? 0} críticas, ${counts.high ?? 0} altas, ` +
    `${counts.moderate ?? 0} moderadas, ${counts.low ?? 0} baixas`,
);
if (serious > 0) {
  for (const [name, advisory] of Object.entries(report.vulnerabilities ?? {})) {
    if (advisory.severity === 'high' || advisory.severity === 'critical') {
      console.error(`  ${advisory.severity}: ${name} ${advisory.range ?? ''}`);
    }
  }
  process.exit(1);
}
