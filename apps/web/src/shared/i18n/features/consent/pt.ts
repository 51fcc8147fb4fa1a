import type { consentEs } from './es';

// Portuguese texts of `consent`.
export const consentPt: Record<keyof typeof consentEs, string> = {
  'consent.title': 'Cookies neste site',
  'consent.intro':
    'Usamos armazenamento estritamente necessário para que a loja funcione (sessão, carrinho, segurança). Com a sua autorização, podemos usar também outros níveis. Pode aceitá-los, rejeitá-los ou escolher, e mudar de ideias a qualquer momento em «Definições de cookies», no rodapé da página.',
  'consent.policyLink': 'Ler a política de cookies',
  'consent.chooseLevels': 'Escolher que cookies aceitar',
  'consent.outcome.accepted': 'Aceitou todos os cookies.',
  'consent.outcome.rejected': 'Rejeitou os cookies que não são necessários.',
  'consent.outcome.saved': 'Guardámos a sua escolha de cookies.',
  'consent.changeLater': 'Pode alterá-la a qualquer momento em «Definições de cookies», no rodapé da página.',
  'consent.hide': 'Ocultar esta mensagem',
  'consent.rejectAll': 'Rejeitar todos',
  'consent.acceptAll': 'Aceitar todos',
  'consent.levelsLegend': 'Ou escolha por nível',
  'consent.save': 'Guardar a minha escolha',
  'consent.level.strictly-necessary': 'Estritamente necessários (sempre ativos)',
  'consent.level.functionality': 'Funcionalidade',
  'consent.level.tracking': 'Seguimento (estatísticas)',
  'consent.level.targeting': 'Publicidade personalizada',
  'consent.levelHint.strictly-necessary':
    'Sessão, proteção CSRF, carrinho, pedidos por terminar e esta própria escolha. Sem eles a loja não funciona.',
  'consent.levelHint.functionality': 'Lembrar os dados da sua última nota simples para os propor na seguinte.',
  'consent.levelHint.tracking':
    'Medir de forma agregada como a loja é usada. Hoje não usamos nenhuma ferramenta deste tipo.',
  'consent.levelHint.targeting':
    'Mostrar-lhe publicidade segundo os seus interesses noutros sites. Hoje não usamos nenhuma ferramenta deste tipo.',
};
