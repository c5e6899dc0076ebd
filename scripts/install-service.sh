#!/usr/bin/env bash
# Installs CCA as the systemd service `cca`: it starts with the machine and comes back after a
# crash. Run as root from a checkout where `npm ci` has run: `sudo scripts/install-service.sh`.
# Safe to run again (after an update it builds and restarts CCA): it creates the user `cca` and
# /etc/cca/cca.env only when missing, and writes the unit from deploy/systemd/cca.service.
#
#   scripts/install-service.sh --print-unit <folder> <node> <user>   prints the unit only
set -euo pipefail

root_dir="$(cd "$(dirname "$0")/.." && pwd -P)"
template="$root_dir/deploy/systemd/cca.service"
service_user=cca
unit_path=/etc/systemd/system/cca.service
env_file=/etc/cca/cca.env

fail() {
  printf 'install-service: %s\n' "$*" >&2
  exit 1
}

render_unit() {
  local dir="$1" node="$2" user="$3"
  sed -e "s|@CCA_DIR@|$dir|g" -e "s|@NODE@|$node|g" -e "s|@CCA_USER@|$user|g" "$template"
}

# systemd splits on spaces and expands %; sed above takes | and &: such paths are refused.
plain_path() {
  [[ "$1" =~ ^/[A-Za-z0-9._/+-]+$ ]]
}

if [ "${1:-}" = --print-unit ]; then
  [ $# -eq 4 ] || fail "uso: $0 --print-unit <pasta> <node> <usuário>"
  render_unit "$2" "$3" "$4"
  exit 0
fi

[ "$(id -u)" -eq 0 ] || fail "rode como root: sudo $0"
if [ ! -d /run/systemd/system ] || ! command -v systemctl >/dev/null; then
  fail 'esta máquina não roda o systemd: veja no manual do operador (docs/operator-manual.md) outras formas de manter o CCA rodando.'
fi
node="$(command -v node || true)"
[ -n "$node" ] || fail 'Node.js não encontrado: instale o Node.js 22 ou 24 para todo o sistema (em /usr/bin ou /usr/local/bin).'
"$node" -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' ||
  fail "o Node.js $("$node" --version) é antigo demais: o CCA precisa do 20.19 ou mais novo (use o 22 ou o 24)."
{ plain_path "$root_dir" && plain_path "$node"; } ||
  fail "o caminho $root_dir ou $node tem espaços ou caracteres especiais: coloque o CCA numa pasta como /opt/cca."
[ -d "$root_dir/node_modules" ] || fail "rode 'npm ci' em $root_dir antes."

if ! id -u "$service_user" >/dev/null 2>&1; then
  echo "== Criando o usuário $service_user"
  useradd --system --user-group --home-dir /nonexistent --no-create-home \
    --shell "$(command -v nologin || echo /bin/false)" "$service_user"
fi
runuser -u "$service_user" -- "$node" --version >/dev/null 2>&1 ||
  fail "o usuário $service_user não consegue rodar $node (está numa pasta pessoal?): instale o Node.js para todo o sistema."
runuser -u "$service_user" -- test -r "$root_dir/package.json" ||
  fail "o usuário $service_user não consegue ler $root_dir (uma pasta do caminho está fechada, como /root): coloque o CCA numa pasta como /opt/cca."

if [ ! -f "$env_file" ]; then
  echo "== Criando $env_file (as configurações do CCA)"
  mkdir -p "$(dirname "$env_file")"
  install -m 600 /dev/null "$env_file"
  cat >"$env_file" <<'SETTINGS'
# Configurações do CCA (docs/operations.md lista todas). Depois de mudar: systemctl restart cca
#PORT=3000
#APP_URL=http://192.168.0.10:3000
#DATA_DIR=/var/lib/cca-data
#SMTP_URL=smtps://usuario:senha@smtp.exemplo.com.br:465
SETTINGS
fi

# The data folder: DATA_DIR of the settings, else ./data of the checkout.
data_dir="$(sed -n 's/^[[:space:]]*DATA_DIR[[:space:]]*=[[:space:]]*//p' "$env_file" | tail -n 1)"
data_dir="$(printf '%s' "$data_dir" | sed -e 's/^"\(.*\)"$/\1/' -e "s/^'\\(.*\\)'\$/\\1/")"
data_dir="${data_dir:-./data}"
[ "${data_dir#/}" != "$data_dir" ] || data_dir="$root_dir/${data_dir#./}"
holder="$(cat "$data_dir/cca.lock" 2>/dev/null || true)"
if [ -n "$holder" ] && kill -0 "$holder" 2>/dev/null && ! systemctl is-active --quiet cca; then
  fail "um CCA (processo $holder) já está rodando com $data_dir: pare-o (Ctrl+C no terminal dele) e rode de novo."
fi
mkdir -p "$data_dir"
chown -R "$service_user:$service_user" "$data_dir"
# A CCA started as root may have put its database under /var/lib/cca, linked from DATA_DIR.
if [ -L "$data_dir/postgres" ]; then
  chown -R "$service_user:$service_user" "$(readlink -f "$data_dir/postgres")"
fi
runuser -u "$service_user" -- test -w "$data_dir" ||
  fail "o usuário $service_user não consegue gravar em $data_dir (uma pasta do caminho está fechada?): escolha outro DATA_DIR em $env_file."

# Built by the checkout's owner, as `npm start` would, so its files stay theirs.
owner="$(stat -c %U "$root_dir")"
[ "$owner" != UNKNOWN ] || owner=root
stamp="$root_dir/dist/.build-stamp"
built_before="$(stat -c %Y "$stamp" 2>/dev/null || echo none)"
(cd "$root_dir" && runuser -u "$owner" -- "$node" scripts/ensure-build.mjs)
runuser -u "$service_user" -- test -r "$root_dir/dist/server/main.js" ||
  fail "o usuário $service_user não consegue ler $root_dir/dist: dê a todos permissão de leitura (chmod -R o+rX $root_dir)."
changed=no
[ "$(stat -c %Y "$stamp" 2>/dev/null || echo none)" = "$built_before" ] || changed=yes

unit="$(render_unit "$root_dir" "$node" "$service_user")"
if [ ! -f "$unit_path" ] || [ "$unit" != "$(cat "$unit_path")" ]; then
  echo "== Gravando $unit_path"
  printf '%s\n' "$unit" >"$unit_path"
  chmod 644 "$unit_path"
  systemctl daemon-reload
  changed=yes
fi

systemctl enable --quiet cca
if systemctl is-active --quiet cca; then
  if [ "$changed" = yes ]; then
    echo '== Reiniciando o CCA com a nova versão'
    systemctl restart cca
  fi
else
  systemctl start cca
fi

cat <<DONE
O CCA roda como o serviço "cca", com o usuário $service_user e os dados em $data_dir.
  estado:         systemctl status cca
  log:            journalctl -u cca -f
  senha inicial:  journalctl -u cca | grep -A 2 'Primeiro administrador'
  configurações:  $env_file (depois: systemctl restart cca)
DONE
