import type { Language } from '@ventanilla/domain';

/*
 * The templates a new install starts with (docs/backoffice.md, "Templates and the incident loop"), in es, pt and en.
 * Incidence ids follow the spec's meanings where it gives them: 52, 76, 103, 143 are shown to the customer outside
 * status 60; 58 asks the customer to answer by e-mail; 157-160 claim the document from the registrars. Admins edit
 * them in the back office; they are written only into an empty table, so an admin's edits and deletions stay.
 */

export interface SeedTemplate {
  kind: 'email' | 'incidence';
  id: number;
  group: string;
  texts: Record<Language, { name: string; subject: string; header: string; body: string; button: string }>;
}

const HELLO = { es: 'Hola, {{nombre}}:', pt: 'Olá, {{nombre}}:', en: 'Hello {{nombre}},' } as const;
const ANSWER = { es: 'Responder a la incidencia', pt: 'Responder à incidência', en: 'Answer the issue' } as const;
const VIEW = { es: 'Ver mi pedido', pt: 'Ver o meu pedido', en: 'View my order' } as const;

function incidence(
  id: number,
  group: string,
  names: Record<Language, string>,
  bodies: Record<Language, string>,
): SeedTemplate {
  const subject = {
    es: 'Incidencia en tu pedido {{numero_pedido}}: {{nombre_producto}}',
    pt: 'Incidência no seu pedido {{numero_pedido}}: {{nombre_producto}}',
    en: 'Issue with your order {{numero_pedido}}: {{nombre_producto}}',
  };
  const texts = {} as SeedTemplate['texts'];
  for (const lang of ['es', 'pt', 'en'] as const) {
    texts[lang] = {
      name: names[lang],
      subject: subject[lang],
      header: HELLO[lang],
      body: `${bodies[lang]}<p>{{motivo}}</p>`,
      button: ANSWER[lang],
    };
  }
  return { kind: 'incidence', id, group, texts };
}

export const SEED_TEMPLATES: readonly SeedTemplate[] = [
  incidence(
    52,
    'Documentación',
    { es: 'Falta documentación', pt: 'Falta documentação', en: 'Missing documents' },
    {
      es: '<p>Para continuar con tu trámite «{{nombre_producto}}» (pedido {{numero_pedido}}) necesitamos documentación adicional.</p>',
      pt: '<p>Para continuar com o seu serviço «{{nombre_producto}}» (pedido {{numero_pedido}}) precisamos de documentação adicional.</p>',
      en: '<p>To continue with your service “{{nombre_producto}}” (order {{numero_pedido}}) we need more documents.</p>',
    },
  ),
  incidence(
    58,
    'Cliente',
    { es: 'Respuesta del cliente por correo', pt: 'Resposta do cliente por email', en: 'Customer answer by e-mail' },
    {
      es: '<p>Necesitamos que nos respondas para seguir con tu trámite «{{nombre_producto}}» (pedido {{numero_pedido}}).</p>',
      pt: '<p>Precisamos da sua resposta para continuar o seu serviço «{{nombre_producto}}» (pedido {{numero_pedido}}).</p>',
      en: '<p>We need your answer to continue with your service “{{nombre_producto}}” (order {{numero_pedido}}).</p>',
    },
  ),
  incidence(
    76,
    'Datos',
    { es: 'Datos de la finca incorrectos', pt: 'Dados do prédio incorretos', en: 'Wrong property details' },
    {
      es: '<p>El registro no encuentra la finca con los datos indicados en el municipio de {{municipio}}.</p>',
      pt: '<p>A conservatória não encontra o prédio com os dados indicados no concelho de {{municipio}}.</p>',
      en: '<p>The registry cannot find the property with the details given in {{municipio}}.</p>',
    },
  ),
  incidence(
    103,
    'Datos',
    { es: 'Titular no coincide', pt: 'Titular não coincide', en: 'Owner does not match' },
    {
      es: '<p>El titular indicado no coincide con el que consta en el registro para el trámite «{{nombre_producto}}».</p>',
      pt: '<p>O titular indicado não coincide com o que consta no registo para o serviço «{{nombre_producto}}».</p>',
      en: '<p>The owner you gave does not match the registry’s record for “{{nombre_producto}}”.</p>',
    },
  ),
  incidence(
    143,
    'Pago',
    { es: 'Suplemento pendiente', pt: 'Suplemento pendente', en: 'Supplement to pay' },
    {
      es: '<p>Tu trámite «{{nombre_producto}}» necesita un suplemento para poder continuar.</p>',
      pt: '<p>O seu serviço «{{nombre_producto}}» precisa de um suplemento para poder continuar.</p>',
      en: '<p>Your service “{{nombre_producto}}” needs a supplement before we can continue.</p>',
    },
  ),
  ...[157, 158, 159, 160].map((id, i) =>
    incidence(
      id,
      'Registradores',
      {
        es: `Reclamación al registro (${i + 1})`,
        pt: `Reclamação à conservatória (${i + 1})`,
        en: `Claim to the registry (${i + 1})`,
      },
      {
        es: '<p>Hemos reclamado al registro el documento de tu trámite «{{nombre_producto}}». Te avisaremos en cuanto lo recibamos.</p>',
        pt: '<p>Reclamámos à conservatória o documento do seu serviço «{{nombre_producto}}». Avisaremos assim que o recebermos.</p>',
        en: '<p>We have claimed the document of your service “{{nombre_producto}}” from the registry. We will tell you as soon as it arrives.</p>',
      },
    ),
  ),
  {
    kind: 'email',
    id: 1,
    group: 'General',
    texts: {
      es: {
        name: 'Seguimiento del pedido',
        subject: 'Tu pedido {{numero_pedido}} en {{nombre_web}}',
        header: HELLO.es,
        body: '<p>Te escribimos sobre tu trámite «{{nombre_producto}}» del pedido {{numero_pedido}}.</p><p>{{motivo}}</p>',
        button: VIEW.es,
      },
      pt: {
        name: 'Acompanhamento do pedido',
        subject: 'O seu pedido {{numero_pedido}} em {{nombre_web}}',
        header: HELLO.pt,
        body: '<p>Escrevemos-lhe sobre o seu serviço «{{nombre_producto}}» do pedido {{numero_pedido}}.</p><p>{{motivo}}</p>',
        button: VIEW.pt,
      },
      en: {
        name: 'Order follow-up',
        subject: 'Your order {{numero_pedido}} at {{nombre_web}}',
        header: HELLO.en,
        body: '<p>We are writing about your service “{{nombre_producto}}” of order {{numero_pedido}}.</p><p>{{motivo}}</p>',
        button: VIEW.en,
      },
    },
  },
  {
    kind: 'email',
    id: 2,
    group: 'Documentos',
    texts: {
      es: {
        name: 'Autorización de representación',
        subject: 'Autorización para el pedido {{numero_pedido}}',
        header: 'Autorización',
        body: '<p>{{nombre}} autoriza a {{nombre_web}} a solicitar en su nombre «{{nombre_producto}}» (pedido {{numero_pedido}}, trámite {{id}}) sobre la finca número {{numero_finca}} de {{municipio}} ({{provincia}}), cuyo titular es {{titular}}.</p>',
        button: '',
      },
      pt: {
        name: 'Autorização de representação',
        subject: 'Autorização para o pedido {{numero_pedido}}',
        header: 'Autorização',
        body: '<p>{{nombre}} autoriza {{nombre_web}} a pedir em seu nome «{{nombre_producto}}» (pedido {{numero_pedido}}, serviço {{id}}) sobre o prédio número {{numero_finca}} de {{municipio}} ({{provincia}}), cujo titular é {{titular}}.</p>',
        button: '',
      },
      en: {
        name: 'Authorisation to act',
        subject: 'Authorisation for order {{numero_pedido}}',
        header: 'Authorisation',
        body: '<p>{{nombre}} authorises {{nombre_web}} to request on their behalf “{{nombre_producto}}” (order {{numero_pedido}}, service {{id}}) for property number {{numero_finca}} in {{municipio}} ({{provincia}}), owned by {{titular}}.</p>',
        button: '',
      },
    },
  },
  {
    kind: 'email',
    id: 3,
    group: 'General',
    texts: {
      es: {
        name: 'Documento en camino',
        subject: 'Novedades de tu pedido {{numero_pedido}}',
        header: HELLO.es,
        body: '<p>El registro ya está preparando el documento de tu trámite «{{nombre_producto}}». Referencia: {{referencia}}.</p>',
        button: VIEW.es,
      },
      pt: {
        name: 'Documento a caminho',
        subject: 'Novidades do seu pedido {{numero_pedido}}',
        header: HELLO.pt,
        body: '<p>A conservatória já está a preparar o documento do seu serviço «{{nombre_producto}}». Referência: {{referencia}}.</p>',
        button: VIEW.pt,
      },
      en: {
        name: 'Document on its way',
        subject: 'News about your order {{numero_pedido}}',
        header: HELLO.en,
        body: '<p>The registry is preparing the document of your service “{{nombre_producto}}”. Reference: {{referencia}}.</p>',
        button: VIEW.en,
      },
    },
  },
];
