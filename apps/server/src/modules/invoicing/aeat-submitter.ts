import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { verifactuSoapRequest, type VerifactuSoftware } from '@ventanilla/domain';
import { XMLParser } from 'fast-xml-parser';
import type { VerifactuSubmissionConfig } from '../../config/env.js';
import {
  VerifactuSubmissionError,
  type AeatRecordStatus,
  type PendingVerifactuRecord,
  type SubmissionOutcome,
  type VerifactuSubmitter,
} from './verifactu-submitter.js';

/** The company's certificate for mutual TLS: PKCS#12, or PEM certificate and key. */
export interface AeatTls {
  pfx?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  passphrase?: string;
  /** Extra CAs to trust (a test double's own CA); the system's CAs otherwise. */
  ca?: Buffer;
}

export interface AeatSubmitterOptions {
  endpoint: string;
  tls?: AeatTls;
  /** SistemaInformatico; the producer defaults to the issuer itself (software of its own). */
  software: Omit<VerifactuSoftware, 'producerName' | 'producerTaxId'> &
    Partial<Pick<VerifactuSoftware, 'producerName' | 'producerTaxId'>>;
  /** Attempts of one request on transport errors (5xx, timeouts, refused connections), with doubling waits. */
  attempts?: number;
  retryBaseMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

/** The certificate files of the configuration, read once at boot (a missing file stops the boot). */
export function aeatTlsFromConfig(
  config: Extract<VerifactuSubmissionConfig, { submitter: 'aeat' }>,
): AeatTls | undefined {
  if (!config.certFile) return undefined;
  const cert = readFileSync(config.certFile);
  const pem = cert.includes('-----BEGIN');
  return {
    ...(pem ? { cert, key: config.keyFile ? readFileSync(config.keyFile) : cert } : { pfx: cert }),
    ...(config.certPassword ? { passphrase: config.certPassword } : {}),
    ...(config.caFile ? { ca: readFileSync(config.caFile) } : {}),
  };
}

/** The answer to one request: per record line, and how long to wait before the next request. */
export interface AeatAnswer {
  /** EstadoEnvio: Correcto, ParcialmenteCorrecto or Incorrecto. */
  status: string;
  waitSeconds: number;
  lines: Array<{
    ref: string | null;
    invoiceNumber: string;
    operation: string;
    status: AeatRecordStatus;
    code: string | null;
    description: string | null;
    /** A record the AEAT already had (sent before, its answer lost): the state it has there. */
    duplicateStatus: string | null;
  }>;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'RespuestaLinea',
});

type Node = Record<string, unknown>;
const text = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/** Reads RespuestaRegFactuSistemaFacturacion out of the SOAP answer; a SOAP Fault is the whole request refused. */
export function parseAeatAnswer(xml: string): AeatAnswer {
  const doc = parser.parse(xml) as Node;
  const body = (doc['Envelope'] as Node | undefined)?.['Body'] as Node | undefined;
  const fault = body?.['Fault'] as Node | undefined;
  if (fault) {
    throw new VerifactuSubmissionError(`AEAT SOAP Fault: ${text(fault['faultstring']) ?? 'no faultstring'}`, 'refused');
  }
  const answer = body?.['RespuestaRegFactuSistemaFacturacion'] as Node | undefined;
  if (!answer) throw new VerifactuSubmissionError('AEAT answer without RespuestaRegFactuSistemaFacturacion', 'refused');
  const wait = Number(text(answer['TiempoEsperaEnvio']) ?? '60');
  const lines = ((answer['RespuestaLinea'] as Node[] | undefined) ?? []).map((line) => {
    const id = (line['IDFactura'] as Node | undefined) ?? {};
    const duplicate = line['RegistroDuplicado'] as Node | undefined;
    return {
      ref: text(line['RefExterna']),
      invoiceNumber: text(id['NumSerieFactura']) ?? text(id['NumSerieFacturaAnulada']) ?? '',
      operation: text((line['Operacion'] as Node | undefined)?.['TipoOperacion']) ?? 'Alta',
      status: (text(line['EstadoRegistro']) ?? 'Incorrecto') as AeatRecordStatus,
      code: text(line['CodigoErrorRegistro']),
      description: text(line['DescripcionErrorRegistro']),
      duplicateStatus: duplicate ? text(duplicate['EstadoRegistroDuplicado']) : null,
    };
  });
  return {
    status: text(answer['EstadoEnvio']) ?? '',
    waitSeconds: Number.isFinite(wait) && wait >= 0 ? wait : 60,
    lines,
  };
}

/** The outcome of each record of a request from the answer's lines (matched by RefExterna, else by number). */
export function outcomesOf(records: readonly PendingVerifactuRecord[], answer: AeatAnswer): SubmissionOutcome[] {
  const outcomes: SubmissionOutcome[] = [];
  for (const r of records) {
    const operation = r.kind === 'anulacion' ? 'Anulacion' : 'Alta';
    const line =
      answer.lines.find((l) => l.ref === r.xml.ref) ??
      answer.lines.find((l) => l.ref === null && l.invoiceNumber === r.invoiceNumber && l.operation === operation);
    if (!line) continue;
    // Sent before and registered there, but our answer was lost: the AEAT's copy is the one that counts.
    const registeredBefore =
      line.status === 'Incorrecto' &&
      (line.duplicateStatus === 'Correcta' || line.duplicateStatus === 'AceptadaConErrores');
    const status = registeredBefore
      ? line.duplicateStatus === 'Correcta'
        ? 'Correcto'
        : 'AceptadoConErrores'
      : line.status;
    outcomes.push({
      recordId: r.id,
      status: status === 'Incorrecto' ? 'rejected' : 'accepted',
      aeatStatus: status,
      ...(line.code && !registeredBefore ? { code: line.code } : {}),
      ...(line.description ? { detail: line.description } : {}),
    });
  }
  return outcomes;
}

interface HttpAnswer {
  status: number;
  body: string;
}

/** One POST of the SOAP request; network failures reject with VerifactuSubmissionError('transport'). */
function post(endpoint: string, body: string, tls: AeatTls | undefined, timeoutMs: number): Promise<HttpAnswer> {
  const url = new URL(endpoint);
  const secure = url.protocol === 'https:';
  return new Promise<HttpAnswer>((resolve, reject) => {
    const options: https.RequestOptions = {
      method: 'POST',
      headers: {
        'content-type': 'text/xml; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        soapaction: '',
      },
      timeout: timeoutMs,
      ...(secure && tls ? tls : {}),
    };
    const request = (secure ? https : http).request(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => reject(new VerifactuSubmissionError(`AEAT answer broke: ${err.message}`, 'transport')));
    });
    request.on('timeout', () => request.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    request.on('error', (err: NodeJS.ErrnoException) =>
      reject(new VerifactuSubmissionError(`AEAT unreachable: ${err.code ?? err.message}`, 'transport')),
    );
    request.end(body);
  });
}

/**
 * Sends records to the AEAT's Veri*Factu SOAP service over mutual TLS (the company's certificate). One request per
 * call (one issuer, at most 1,000 records); transport errors are retried with doubling waits, rejections never.
 * After each answer the next request waits the TiempoEsperaEnvio the AEAT asked for (waitMs).
 */
export class AeatSubmitter implements VerifactuSubmitter {
  readonly name = 'aeat';
  private nextRequestAt = 0;
  private readonly now: () => number;

  constructor(private readonly options: AeatSubmitterOptions) {
    this.now = options.now ?? (() => Date.now());
  }

  waitMs(): number {
    return Math.max(0, this.nextRequestAt - this.now());
  }

  async submit(records: readonly PendingVerifactuRecord[]): Promise<SubmissionOutcome[]> {
    const first = records[0];
    if (!first) return [];
    const issuer = { name: first.issuerName, taxId: first.issuerTaxId };
    const software: VerifactuSoftware = {
      producerName: issuer.name,
      producerTaxId: issuer.taxId,
      ...this.options.software,
    };
    const body = verifactuSoapRequest(
      issuer,
      software,
      records.map((r) => r.xml),
    );
    const answer = await this.send(body);
    if (answer.status >= 200 && answer.status < 300) {
      const parsed = parseAeatAnswer(answer.body);
      this.nextRequestAt = this.now() + parsed.waitSeconds * 1000;
      return outcomesOf(records, parsed);
    }
    // A SOAP Fault (schema or certificate problems come as HTTP 500 with a Fault) says why; else the status does.
    parseAeatAnswer(answer.body);
    throw new VerifactuSubmissionError(`AEAT answered HTTP ${answer.status}`, 'refused');
  }

  /** POSTs the request, retrying transport failures and 5xx answers without a SOAP Fault. */
  private async send(body: string): Promise<HttpAnswer> {
    const attempts = this.options.attempts ?? 3;
    const base = this.options.retryBaseMs ?? 2000;
    let last: Error = new VerifactuSubmissionError('not sent', 'transport');
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await sleep(base * 2 ** (attempt - 1));
      try {
        const answer = await post(this.options.endpoint, body, this.options.tls, this.options.timeoutMs ?? 30_000);
        if (answer.status >= 500 && !/Fault>/.test(answer.body)) {
          last = new VerifactuSubmissionError(`AEAT answered HTTP ${answer.status}`, 'transport');
          continue;
        }
        return answer;
      } catch (err) {
        if (!(err instanceof VerifactuSubmissionError)) throw err;
        last = err;
      }
    }
    throw last;
  }
}
