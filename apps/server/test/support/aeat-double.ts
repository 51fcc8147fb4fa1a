import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';

const here = path.dirname(fileURLToPath(import.meta.url));
export const AEAT_SCHEMA_DIR = path.resolve(here, '../../src/modules/invoicing/aeat-schemas');
export const TEST_TLS_DIR = path.resolve(here, '../fixtures/verifactu-tls');

const schemaFile = (name: string) => ({
  fileName: name,
  contents: readFileSync(path.join(AEAT_SCHEMA_DIR, name), 'utf8'),
});

/** Validates a RegFactuSistemaFacturacion document against the AEAT's SuministroLR.xsd (and what it imports). */
export async function validateAgainstAeatSchemas(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const result = await validateXML({
    xml: [{ fileName: 'request.xml', contents: xml }],
    schema: [schemaFile('SuministroLR.xsd')],
    preload: [schemaFile('SuministroInformacion.xsd'), schemaFile('xmldsig-core-schema.xsd')],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}

/** The body's RegFactuSistemaFacturacion element, with its own namespace declarations. */
export function bodyContent(envelope: string): string {
  const match = /<(?:\w+:)?Body[^>]*>([\s\S]*)<\/(?:\w+:)?Body>/.exec(envelope);
  return match?.[1]?.trim() ?? '';
}

const NS_RESPONSE =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd';
const NS_INFO =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'RegistroFactura',
});

type Node = Record<string, Record<string, unknown>>;

export interface ReceivedRequest {
  /** The client certificate's subject CN (https only). */
  clientCn: string | null;
  valid: boolean;
  errors: string[];
  xml: string;
  records: Array<{ ref: string; operation: 'Alta' | 'Anulacion'; invoiceNumber: string; type: string | null }>;
  /** Sent before the TiempoEsperaEnvio of the previous answer had passed. */
  early: boolean;
}

/**
 * A local stand-in for the AEAT's Veri*Factu SOAP service: HTTPS with a client certificate required and checked
 * against its CA (or plain HTTP), each request's body validated against the AEAT's schemas (invalid: a SOAP Fault, as
 * the AEAT answers), and an answer like the AEAT's (RespuestaRegFactuSistemaFacturacion: EstadoEnvio,
 * TiempoEsperaEnvio, one RespuestaLinea per record). Tests script rejections, waits and transport failures.
 */
export class AeatDouble {
  readonly requests: ReceivedRequest[] = [];
  /** Invoice number -> the error the AEAT gives it (Incorrecto, or AceptadoConErrores when `accepted`). */
  readonly errorsFor = new Map<string, { code: string; description: string; accepted?: boolean }>();
  waitSeconds = 0;
  /** Answer the next N requests with HTTP 503 (no SOAP body), as a failing front end does. */
  failNext = 0;
  /** Every request that reached the server, failed ones included. */
  hits = 0;
  private server!: http.Server;
  private readyAt = 0;

  constructor(private readonly secure: boolean) {}

  async start(): Promise<string> {
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
      this.handle(req, res).catch((err: unknown) => {
        // A double that breaks answers as a broken server does: the test sees a 5xx.
        if (!res.headersSent) res.writeHead(500);
        res.end(String(err));
      });
    };
    this.server = this.secure
      ? https.createServer(
          {
            key: readFileSync(path.join(TEST_TLS_DIR, 'server.key')),
            cert: readFileSync(path.join(TEST_TLS_DIR, 'server.crt')),
            ca: readFileSync(path.join(TEST_TLS_DIR, 'ca.crt')),
            requestCert: true,
            rejectUnauthorized: true,
          },
          handler,
        )
      : http.createServer(handler);
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `${this.secure ? 'https' : 'http'}://${this.secure ? 'localhost' : '127.0.0.1'}:${port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    this.hits += 1;
    if (this.failNext > 0) {
      this.failNext -= 1;
      res.writeHead(503).end('Service Unavailable');
      return;
    }
    const socket = req.socket as TLSSocket;
    const clientCn = this.secure ? String(socket.getPeerCertificate().subject?.CN ?? '') || null : null;
    const envelope = Buffer.concat(chunks).toString('utf8');
    const xml = bodyContent(envelope);
    const { valid, errors } = await validateAgainstAeatSchemas(xml);
    const early = Date.now() < this.readyAt;
    const records = valid ? this.recordsOf(xml) : [];
    this.requests.push({ clientCn, valid, errors, xml, records, early });
    res.setHeader('content-type', 'text/xml; charset=utf-8');
    if (!valid) {
      res
        .writeHead(500)
        .end(
          `<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><env:Fault>` +
            `<faultcode>env:Client</faultcode><faultstring>Codigo[4102].El XML no cumple el esquema. ` +
            `${errors[0] ?? ''}</faultstring></env:Fault></env:Body></env:Envelope>`,
        );
      return;
    }
    this.readyAt = Date.now() + this.waitSeconds * 1000;
    res.writeHead(200).end(this.answer(xml, records));
  }

  private recordsOf(xml: string): ReceivedRequest['records'] {
    const doc = parser.parse(xml) as { RegFactuSistemaFacturacion: { RegistroFactura: Node[] } };
    return doc.RegFactuSistemaFacturacion.RegistroFactura.map((r) => {
      const alta = r['RegistroAlta'];
      const record = alta ?? r['RegistroAnulacion']!;
      const id = record['IDFactura'] as Record<string, string>;
      return {
        ref: String(record['RefExterna']),
        operation: alta ? 'Alta' : 'Anulacion',
        invoiceNumber: alta ? id['NumSerieFactura']! : id['NumSerieFacturaAnulada']!,
        type: alta ? String(alta['TipoFactura']) : null,
      };
    });
  }

  private answer(xml: string, records: ReceivedRequest['records']): string {
    const issuer = /<sum1:NIF>([^<]+)<\/sum1:NIF>/.exec(xml)?.[1] ?? '';
    const lines = records.map((r) => {
      const error = this.errorsFor.get(r.invoiceNumber);
      const state = error ? (error.accepted ? 'AceptadoConErrores' : 'Incorrecto') : 'Correcto';
      const id =
        r.operation === 'Alta'
          ? `<tik:IDEmisorFactura>${issuer}</tik:IDEmisorFactura><tik:NumSerieFactura>${r.invoiceNumber}</tik:NumSerieFactura>`
          : `<tik:IDEmisorFacturaAnulada>${issuer}</tik:IDEmisorFacturaAnulada><tik:NumSerieFacturaAnulada>${r.invoiceNumber}</tik:NumSerieFacturaAnulada>`;
      return (
        `<tikR:RespuestaLinea><tikR:IDFactura>${id}</tikR:IDFactura>` +
        `<tikR:Operacion><tik:TipoOperacion>${r.operation}</tik:TipoOperacion></tikR:Operacion>` +
        `<tikR:RefExterna>${r.ref}</tikR:RefExterna><tikR:EstadoRegistro>${state}</tikR:EstadoRegistro>` +
        (error
          ? `<tikR:CodigoErrorRegistro>${error.code}</tikR:CodigoErrorRegistro>` +
            `<tikR:DescripcionErrorRegistro>${error.description}</tikR:DescripcionErrorRegistro>`
          : '') +
        `</tikR:RespuestaLinea>`
      );
    });
    const wrong = records.filter((r) => this.errorsFor.has(r.invoiceNumber)).length;
    const status = wrong === 0 ? 'Correcto' : wrong === records.length ? 'Incorrecto' : 'ParcialmenteCorrecto';
    return (
      `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/">` +
      `<env:Header/><env:Body><tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${NS_RESPONSE}" xmlns:tik="${NS_INFO}">` +
      `<tikR:CSV>A-TESTDOUBLE0000</tikR:CSV><tikR:DatosPresentacion><tik:NIFPresentador>${issuer}</tik:NIFPresentador>` +
      `<tik:TimestampPresentacion>${new Date().toISOString()}</tik:TimestampPresentacion></tikR:DatosPresentacion>` +
      `<tikR:TiempoEsperaEnvio>${this.waitSeconds}</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>${status}</tikR:EstadoEnvio>` +
      lines.join('') +
      `</tikR:RespuestaRegFactuSistemaFacturacion></env:Body></env:Envelope>`
    );
  }
}
