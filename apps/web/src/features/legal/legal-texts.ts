// The texts of the legal pages (aviso legal, privacidad, cookies, condiciones) in each language. Tokens in braces are
// filled from the store's seller, GET /api/stores/{id}/seller ({companyName}, {taxId}, {registeredOffice}, {registryEntry}, {email}, {privacyEmail},
// {store}, {dpa}, {dpaUrl}, {consumerBody}, {consumerUrl}). What the cookie policy lists matches docs/customer-panel.md.
import { TERMS_TEXTS, type Language } from '@ventanilla/domain';
import type { LegalPageSlug } from './legal-entity';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}
export interface LegalText {
  description: string;
  sections: LegalSection[];
}

type Texts = Record<LegalPageSlug, LegalText>;

const es: Texts = {
  'aviso-legal': {
    description: 'Datos identificativos del titular de {store} y condiciones de uso del sitio web.',
    sections: [
      {
        heading: 'Titular del sitio web',
        paragraphs: [
          'En cumplimiento del artículo 10 de la Ley 34/2002, de servicios de la sociedad de la información y de comercio electrónico (LSSI-CE), se informa de que {store} es un nombre comercial de {companyName}, con NIF {taxId} y domicilio social en {registeredOffice}. {registryEntry}. Contacto: {email}, teléfono {phone}.',
        ],
      },
      {
        heading: 'Objeto',
        paragraphs: [
          '{store} es una gestoría en línea que tramita, por cuenta de sus clientes, la solicitud de documentos y trámites ante registros y organismos públicos (Registro de la Propiedad, Registro Mercantil, Catastro, Dirección General de Tráfico, registros civiles y otros). {store} no es un organismo público ni está vinculado a ninguna administración; los documentos oficiales los expide siempre el organismo competente.',
        ],
      },
      {
        heading: 'Condiciones de uso',
        paragraphs: [
          'El acceso al sitio es gratuito y supone la aceptación de este aviso. El usuario se compromete a facilitar datos veraces y a no usar el sitio con fines ilícitos ni para obtener información registral con finalidades prohibidas por la ley.',
        ],
      },
      {
        heading: 'Propiedad intelectual',
        paragraphs: [
          'Los textos, diseños y programas del sitio pertenecen a {companyName} o a sus licenciantes. No se permite su reproducción sin autorización, salvo para uso personal. La información registral obtenida está sujeta a las limitaciones de uso que establece la legislación hipotecaria y de protección de datos.',
        ],
      },
      {
        heading: 'Responsabilidad',
        paragraphs: [
          '{companyName} responde de la correcta tramitación de los encargos, no del contenido de los documentos que expiden los registros, ni de los plazos de los organismos públicos.',
        ],
      },
      {
        heading: 'Legislación aplicable',
        paragraphs: [
          'Este aviso se rige por la ley española. Para los consumidores, son competentes los juzgados de su domicilio.',
        ],
      },
    ],
  },
  privacidad: {
    description: 'Cómo trata {store} tus datos personales, con qué finalidad y cómo ejercer tus derechos.',
    sections: [
      {
        heading: 'Responsable del tratamiento',
        paragraphs: [
          '{companyName}, NIF {taxId}, {registeredOffice}. Contacto de protección de datos: {privacyEmail}.',
        ],
      },
      {
        heading: 'Qué datos tratamos y para qué',
        paragraphs: [
          'Datos de cuenta (nombre, correo, contraseña cifrada), de facturación (nombre o razón social, NIF, dirección), los datos de cada encargo (fincas, sociedades, vehículos o personas sobre las que se solicita información) y, cuando el trámite lo exige, documentos de identidad.',
          'Los usamos para tramitar los encargos y entregar los documentos (ejecución del contrato, art. 6.1.b RGPD), para emitir facturas y cumplir obligaciones fiscales (obligación legal, art. 6.1.c), para atender incidencias y, solo si lo aceptas, para enviarte novedades (consentimiento, art. 6.1.a), que puedes retirar en cualquier momento.',
        ],
      },
      {
        heading: 'Destinatarios',
        paragraphs: [
          'Los registros y organismos ante los que se tramita cada encargo, las entidades de pago que procesan el cobro y los proveedores técnicos (alojamiento, correo) que actúan como encargados del tratamiento con contrato. No vendemos datos ni los cedemos con fines publicitarios.',
        ],
      },
      {
        heading: 'Conservación',
        paragraphs: [
          'Los datos de los encargos y las facturas se conservan mientras dure la relación y, después, durante los plazos legales (seis años para la documentación contable según el Código de Comercio). Los documentos de identidad se eliminan cuando ya no son necesarios para el trámite.',
        ],
      },
      {
        heading: 'Tus derechos',
        paragraphs: [
          'Puedes acceder a tus datos, rectificarlos, suprimirlos, oponerte o limitar su tratamiento y pedir su portabilidad escribiendo a {privacyEmail}. Si consideras que no se han atendido, puedes reclamar ante la {dpa} ({dpaUrl}).',
        ],
      },
    ],
  },
  cookies: {
    description: 'Qué cookies y almacenamiento local usa {store}, por niveles, y cómo cambiar tu elección.',
    sections: [
      {
        heading: 'Qué son',
        paragraphs: [
          'Las cookies y el almacenamiento local del navegador guardan pequeños datos en tu dispositivo. Los agrupamos en cuatro niveles; solo los estrictamente necesarios se usan sin tu consentimiento.',
        ],
      },
      {
        heading: 'Estrictamente necesarias (siempre activas)',
        paragraphs: [
          'vt_sid: cookie propia de sesión (HttpOnly, SameSite=Lax) que mantiene tu sesión, tu carrito y la protección frente a peticiones falsificadas; caduca al cerrar la sesión o tras su periodo de validez.',
          'vt_consent: cookie propia con tu elección de cookies (su versión y fecha, durante 12 meses), para que la tienda no vuelva a preguntarte en cada página.',
          'Almacenamiento local: tu elección de cookies (ventanilla:consent, con su versión y fecha, durante 12 meses), los pedidos sin terminar para no perder lo que has escrito, y datos temporales del pago mientras se completa.',
        ],
      },
      {
        heading: 'Funcionalidad',
        paragraphs: [
          'Solo si las aceptas: los datos de tu última nota simple (ventanilla:last-form:…), para proponértelos en la siguiente solicitud.',
        ],
      },
      {
        heading: 'Seguimiento y publicidad personalizada',
        paragraphs: [
          'Hoy no usamos ninguna herramienta de analítica ni de publicidad. Si algún día lo hacemos, se activará solo con tu consentimiento en el nivel correspondiente y te lo volveremos a preguntar.',
        ],
      },
      {
        heading: 'Cómo cambiar tu elección',
        paragraphs: [
          'En cualquier momento, desde «Configuración de cookies» al pie de cada página. También puedes borrar las cookies y el almacenamiento desde tu navegador.',
        ],
      },
    ],
  },
  condiciones: TERMS_TEXTS.es,
};

const en: Texts = {
  'aviso-legal': {
    description: 'Who runs {store} and the terms of use of the website.',
    sections: [
      {
        heading: 'Website owner',
        paragraphs: [
          '{store} is a trading name of {companyName}, tax id {taxId}, registered office {registeredOffice}. {registryEntry}. Contact: {email}, telephone {phone}.',
        ],
      },
      {
        heading: 'What we do',
        paragraphs: [
          '{store} is an online agency that requests documents and procedures from public registries and authorities on behalf of its customers (land and company registries, cadastre, vehicle registry, civil registries and others). {store} is not a public body and is not affiliated with any government; official documents are always issued by the competent authority.',
        ],
      },
      {
        heading: 'Use of the website',
        paragraphs: [
          'Access is free and means you accept this notice. You undertake to give accurate details and not to use the site for unlawful purposes or to obtain registry information for purposes the law forbids.',
        ],
      },
      {
        heading: 'Intellectual property',
        paragraphs: [
          'The texts, designs and software of the site belong to {companyName} or its licensors and may not be reproduced without permission, except for personal use. Registry information obtained is subject to the restrictions of use set by registry and data protection law.',
        ],
      },
      {
        heading: 'Liability',
        paragraphs: [
          '{companyName} is responsible for handling your orders correctly, not for the content of the documents issued by the registries or for the time public bodies take.',
        ],
      },
      {
        heading: 'Governing law',
        paragraphs: [
          'This notice is governed by Spanish law, without depriving consumers of the protection of the mandatory law of their country of residence or of the courts of their domicile.',
        ],
      },
    ],
  },
  privacidad: {
    description: 'How {store} uses your personal data, why, and how to exercise your rights.',
    sections: [
      {
        heading: 'Data controller',
        paragraphs: ['{companyName}, tax id {taxId}, {registeredOffice}. Data protection contact: {privacyEmail}.'],
      },
      {
        heading: 'What we process and why',
        paragraphs: [
          'Account data (name, e-mail, hashed password), billing data (name or company name, tax id, address), the details of each order (the properties, companies, vehicles or persons information is requested about) and, where a procedure requires it, identity documents.',
          'We use them to carry out your orders and deliver the documents (performance of a contract, Art. 6(1)(b) GDPR), to issue invoices and meet tax obligations (legal obligation, Art. 6(1)(c)), to handle incidents and, only if you agree, to send you news (consent, Art. 6(1)(a)), which you can withdraw at any time.',
        ],
      },
      {
        heading: 'Recipients',
        paragraphs: [
          'The registries and authorities each order is filed with, the payment providers that process your payment and technical providers (hosting, e-mail) acting as processors under contract. We do not sell data or share it for advertising.',
        ],
      },
      {
        heading: 'Retention',
        paragraphs: [
          'Order and invoice data are kept while the relationship lasts and then for the periods the law requires (six years for accounting records). Identity documents are deleted once the procedure no longer needs them.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You can access, rectify or erase your data, object to or restrict its processing and ask for its portability by writing to {privacyEmail}. If you are not satisfied, you can complain to the {dpa} ({dpaUrl}).',
        ],
      },
    ],
  },
  cookies: {
    description: 'The cookies and local storage {store} uses, by level, and how to change your choice.',
    sections: [
      {
        heading: 'What they are',
        paragraphs: [
          'Cookies and the browser’s local storage keep small pieces of data on your device. We group them in four levels; only the strictly necessary ones are used without your consent.',
        ],
      },
      {
        heading: 'Strictly necessary (always on)',
        paragraphs: [
          'vt_sid: our own session cookie (HttpOnly, SameSite=Lax) that keeps you signed in, your basket and the protection against forged requests; it ends when you sign out or the session expires.',
          'vt_consent: our own cookie with your cookie choice (its version and date, for 12 months), so the shop does not ask again on every page.',
          'Local storage: your cookie choice (ventanilla:consent, with its version and date, for 12 months), unfinished orders so you do not lose what you typed, and temporary payment data while a payment completes.',
        ],
      },
      {
        heading: 'Functionality',
        paragraphs: [
          'Only if you accept them: the details of your last simple note (ventanilla:last-form:…), to offer them for your next request.',
        ],
      },
      {
        heading: 'Tracking and targeted advertising',
        paragraphs: [
          'We do not use any analytics or advertising tool today. If we ever do, it will only run with your consent at the matching level, and we will ask you again.',
        ],
      },
      {
        heading: 'Changing your choice',
        paragraphs: [
          'At any time, from “Cookie settings” at the foot of every page. You can also delete cookies and storage in your browser.',
        ],
      },
    ],
  },
  condiciones: TERMS_TEXTS.en,
};

const pt: Texts = {
  'aviso-legal': {
    description: 'Quem é o titular de {store} e as condições de utilização do site.',
    sections: [
      {
        heading: 'Titular do site',
        paragraphs: [
          '{store} é um nome comercial de {companyName}, NIF {taxId}, com sede em {registeredOffice}. {registryEntry}. Contacto: {email}, telefone {phone}.',
        ],
      },
      {
        heading: 'Objeto',
        paragraphs: [
          '{store} é um serviço online que trata, por conta dos seus clientes, de pedidos de documentos e atos junto de registos e entidades públicas (registo predial e comercial, finanças, registo automóvel, registo civil e outros). {store} não é uma entidade pública nem está ligado a nenhuma administração; os documentos oficiais são sempre emitidos pela entidade competente.',
        ],
      },
      {
        heading: 'Condições de utilização',
        paragraphs: [
          'O acesso ao site é gratuito e implica a aceitação deste aviso. O utilizador compromete-se a fornecer dados verdadeiros e a não usar o site para fins ilícitos nem para obter informação registal para fins proibidos por lei.',
        ],
      },
      {
        heading: 'Propriedade intelectual',
        paragraphs: [
          'Os textos, o design e o software do site pertencem a {companyName} ou aos seus licenciantes e não podem ser reproduzidos sem autorização, salvo para uso pessoal.',
        ],
      },
      {
        heading: 'Responsabilidade',
        paragraphs: [
          '{companyName} responde pelo correto tratamento dos pedidos, não pelo conteúdo dos documentos emitidos pelos registos nem pelos prazos das entidades públicas.',
        ],
      },
      {
        heading: 'Lei aplicável',
        paragraphs: [
          'Este aviso rege-se pela lei espanhola, sem privar os consumidores da proteção da lei imperativa do seu país de residência nem dos tribunais do seu domicílio.',
        ],
      },
    ],
  },
  privacidad: {
    description: 'Como {store} trata os seus dados pessoais, para quê e como exercer os seus direitos.',
    sections: [
      {
        heading: 'Responsável pelo tratamento',
        paragraphs: ['{companyName}, NIF {taxId}, {registeredOffice}. Contacto de proteção de dados: {privacyEmail}.'],
      },
      {
        heading: 'Que dados tratamos e para quê',
        paragraphs: [
          'Dados de conta (nome, e-mail, palavra-passe cifrada), de faturação (nome ou firma, NIF, morada), os dados de cada pedido (imóveis, empresas, veículos ou pessoas sobre os quais se pede informação) e, quando o ato o exige, documentos de identificação.',
          'Usamo-los para tratar os pedidos e entregar os documentos (execução do contrato, art. 6.º, n.º 1, al. b) do RGPD), para emitir faturas e cumprir obrigações fiscais (obrigação legal, al. c)), para tratar reclamações e, só se aceitar, para lhe enviar novidades (consentimento, al. a)), que pode retirar a qualquer momento.',
        ],
      },
      {
        heading: 'Destinatários',
        paragraphs: [
          'Os registos e entidades junto dos quais cada pedido é tratado, os prestadores de pagamento e os prestadores técnicos (alojamento, e-mail) que atuam como subcontratantes com contrato. Não vendemos dados nem os cedemos para publicidade.',
        ],
      },
      {
        heading: 'Conservação',
        paragraphs: [
          'Os dados dos pedidos e das faturas são conservados enquanto durar a relação e depois pelos prazos legais. Os documentos de identificação são eliminados quando deixam de ser necessários para o ato.',
        ],
      },
      {
        heading: 'Os seus direitos',
        paragraphs: [
          'Pode aceder aos seus dados, retificá-los, apagá-los, opor-se ou limitar o tratamento e pedir a portabilidade escrevendo para {privacyEmail}. Se não ficar satisfeito, pode apresentar queixa à {dpa} ({dpaUrl}).',
        ],
      },
    ],
  },
  cookies: {
    description: 'Que cookies e armazenamento local {store} usa, por níveis, e como mudar a sua escolha.',
    sections: [
      {
        heading: 'O que são',
        paragraphs: [
          'Os cookies e o armazenamento local do navegador guardam pequenos dados no seu dispositivo. Agrupamo-los em quatro níveis; só os estritamente necessários são usados sem o seu consentimento.',
        ],
      },
      {
        heading: 'Estritamente necessários (sempre ativos)',
        paragraphs: [
          'vt_sid: cookie próprio de sessão (HttpOnly, SameSite=Lax) que mantém a sua sessão, o carrinho e a proteção contra pedidos forjados; termina quando sai ou a sessão expira.',
          'vt_consent: cookie próprio com a sua escolha de cookies (a sua versão e data, durante 12 meses), para que a loja não volte a perguntar em cada página.',
          'Armazenamento local: a sua escolha de cookies (ventanilla:consent, com versão e data, durante 12 meses), os pedidos por terminar para não perder o que escreveu e dados temporários do pagamento enquanto este se conclui.',
        ],
      },
      {
        heading: 'Funcionalidade',
        paragraphs: [
          'Só se os aceitar: os dados da sua última nota simples (ventanilla:last-form:…), para os propor no pedido seguinte.',
        ],
      },
      {
        heading: 'Seguimento e publicidade personalizada',
        paragraphs: [
          'Hoje não usamos nenhuma ferramenta de estatísticas nem de publicidade. Se um dia o fizermos, só funcionará com o seu consentimento no nível correspondente e voltaremos a perguntar-lhe.',
        ],
      },
      {
        heading: 'Como mudar a sua escolha',
        paragraphs: [
          'A qualquer momento, em «Definições de cookies», no rodapé de cada página. Também pode apagar os cookies e o armazenamento no seu navegador.',
        ],
      },
    ],
  },
  condiciones: TERMS_TEXTS.pt,
};

export const LEGAL_TEXTS: Record<Language, Texts> = { es, en, pt };
