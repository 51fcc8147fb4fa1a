// Spanish texts of `consent`: the reference set; en.ts and pt.ts beside it must have exactly these keys.
export const consentEs = {
  'consent.title': 'Cookies en este sitio',
  'consent.intro':
    'Usamos almacenamiento estrictamente necesario para que la tienda funcione (sesión, carrito, seguridad). Con tu permiso, también podemos usar otros niveles. Puedes aceptarlos, rechazarlos o elegir, y cambiar de opinión en cualquier momento desde «Configuración de cookies» al pie de la página.',
  'consent.policyLink': 'Leer la política de cookies',
  'consent.chooseLevels': 'Elegir qué cookies aceptar',
  'consent.outcome.accepted': 'Has aceptado todas las cookies.',
  'consent.outcome.rejected': 'Has rechazado las cookies que no son necesarias.',
  'consent.outcome.saved': 'Hemos guardado tu elección de cookies.',
  'consent.changeLater': 'Puedes cambiarla en cualquier momento desde «Configuración de cookies», al pie de la página.',
  'consent.hide': 'Ocultar este mensaje',
  'consent.rejectAll': 'Rechazar todas',
  'consent.acceptAll': 'Aceptar todas',
  'consent.levelsLegend': 'O elige por niveles',
  'consent.save': 'Guardar mi elección',
  'consent.level.strictly-necessary': 'Estrictamente necesarias (siempre activas)',
  'consent.level.functionality': 'Funcionalidad',
  'consent.level.tracking': 'Seguimiento (analítica)',
  'consent.level.targeting': 'Publicidad personalizada',
  'consent.levelHint.strictly-necessary':
    'Sesión, protección CSRF, carrito, pedidos sin terminar y esta misma elección. Sin ellas la tienda no funciona.',
  'consent.levelHint.functionality': 'Recordar los datos de tu última nota simple para proponértelos en la siguiente.',
  'consent.levelHint.tracking':
    'Medir de forma agregada cómo se usa la tienda. Hoy no usamos ninguna herramienta de este tipo.',
  'consent.levelHint.targeting':
    'Mostrarte publicidad según tus intereses en otros sitios. Hoy no usamos ninguna herramienta de este tipo.',
};
