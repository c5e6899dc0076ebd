import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { webhookHeaders } from '../../core/webhooks.ts';
import { webhookSignature } from './webhook-signature.ts';
import { type ResolvedTarget, resolveWebhookTarget, WebhookTargetError } from './webhook-target.ts';

export interface WebhookMessage {
  id: number;
  event: string;
  body: string;
  secret: string;
  url: string;
}

export interface SendResult {
  ok: boolean;
  status: number | null;
  durationMs: number;
  /** Why it failed, in pt-BR, with the network error's code when there is one. */
  error: string | null;
}

/** The most of an answer read: its body is not kept, only drained so the socket closes. */
const answerBytesRead = 64 * 1024;

const networkErrors: Record<string, string> = {
  ECONNREFUSED: 'Conexão recusada',
  ECONNRESET: 'Conexão interrompida',
  EHOSTUNREACH: 'Destino inalcançável',
  ENETUNREACH: 'Rede inalcançável',
  ENOTFOUND: 'Endereço não encontrado',
  EPIPE: 'Conexão interrompida',
  CERT_HAS_EXPIRED: 'Certificado do destino expirado',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'Certificado do destino não confiável',
  SELF_SIGNED_CERT_IN_CHAIN: 'Certificado do destino não confiável',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'Certificado do destino não confiável',
  ERR_TLS_CERT_ALTNAME_INVALID: 'Certificado do destino não é deste endereço',
};

function describeNetworkError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (!code) return 'Falha de rede';
  return `${networkErrors[code] ?? 'Falha de rede'} (${code})`;
}

/** Connects to the address already checked, whatever the resolver would answer now. */
function pinnedLookup(target: ResolvedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/**
 * POSTs one delivery, signed, to its endpoint: the host checked against the internal network
 * (unless allowed), the connection pinned to the checked address, no redirect followed, no
 * more than `timeoutMs` in all. 2xx is delivered; anything else is a failure to retry.
 */
export async function sendWebhook(
  message: WebhookMessage,
  options: { allowInternal: boolean; timeoutMs: number; now: () => Date },
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: ResolvedTarget;
  try {
    target = await resolveWebhookTarget(message.url, options.allowInternal);
  } catch (error) {
    const text = error instanceof WebhookTargetError ? error.message : describeNetworkError(error);
    return { ok: false, status: null, durationMs: elapsed(), error: text };
  }
  const timestamp = Math.floor(options.now().getTime() / 1000);
  const headers = {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(message.body)),
    'User-Agent': 'CCA-Webhooks/1',
    [webhookHeaders.id]: String(message.id),
    [webhookHeaders.event]: message.event,
    [webhookHeaders.timestamp]: String(timestamp),
    [webhookHeaders.signature]: webhookSignature(message.secret, timestamp, message.body),
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = client.request(target.url, {
      method: 'POST',
      headers,
      lookup: pinnedLookup(target),
      // A socket of its own: a pooled one could outlive a change of the setting or the address.
      agent: false,
    });
    const timer = setTimeout(() => {
      finish({
        ok: false,
        status: null,
        error: `Sem resposta em ${Math.round(options.timeoutMs / 1000)} s`,
      });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) =>
      finish({ ok: false, status: null, error: describeNetworkError(error) }),
    );
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > answerBytesRead) response.destroy();
      });
      const done = () => {
        const ok = status >= 200 && status < 300;
        finish({
          ok,
          status,
          error: ok
            ? null
            : status >= 300 && status < 400
              ? `Resposta HTTP ${status}: redirecionamentos não são seguidos`
              : `Resposta HTTP ${status}`,
        });
        request.destroy();
      };
      response.on('end', done);
      response.on('close', done);
      response.on('error', done);
    });
    request.end(message.body);
  });
}
