import '@ventanilla/domain/icu';
import type { Language } from '@ventanilla/domain';
import { formatMessage } from '@ventanilla/domain';

/**
 * User-facing texts of the API (error messages, field errors). The Spanish texts that the spec gives are used word
 * for word (document 2, section 8; lookups "Registro no encontrado").
 */
const es = {
  BAD_REQUEST: 'Solicitud incorrecta. Por favor, verifica los datos enviados.',
  UNAUTHENTICATED: 'No autorizado. Por favor, inicia sesión nuevamente.',
  FORBIDDEN: 'Acceso denegado. No tienes permisos para realizar esta acción.',
  NOT_FOUND: 'Registro no encontrado',
  ROUTE_NOT_FOUND: 'Recurso no encontrado. El endpoint solicitado no existe.',
  INTERNAL: 'Error interno del servidor. Por favor, inténtalo de nuevo más tarde.',
  UNAVAILABLE: 'Servicio no disponible. El servidor está temporalmente fuera de servicio.',
  DATABASE_UNAVAILABLE:
    'Servicio no disponible momentáneamente. Estamos recuperando la conexión; inténtalo de nuevo en unos segundos.',
  // Lookups (docs/integrations.md)
  CADASTRAL_REFERENCE_INVALID:
    'La referencia catastral no es válida: tiene 20 caracteres (14 de la finca, 4 del inmueble y 2 letras de control) o 14 de la finca.',
  LOOKUP_UNAVAILABLE:
    'No hemos podido hacer la consulta ahora mismo. Inténtalo de nuevo en unos minutos o escribe los datos a mano.',
  CSRF_INVALID: 'La sesión ha caducado o la solicitud no es válida. Recarga la página e inténtalo de nuevo.',
  INVALID_CREDENTIALS: 'Error de acceso',
  TOO_MANY_ATTEMPTS: 'Demasiados intentos fallidos. Espera unos minutos antes de volver a intentarlo.',
  EMAIL_TAKEN: 'Ya existe una cuenta con este email. Inicia sesión o recupera tu contraseña.',
  RESET_TOKEN_INVALID:
    'El enlace para restablecer la contraseña no es válido, ya se ha usado o ha caducado. Solicita uno nuevo.',
  SIGN_IN_LINK_INVALID: 'El enlace para entrar no es válido, ya se ha usado o ha caducado. Pide uno nuevo.',
  INVALID_ANSWERS: 'Hay respuestas que faltan o no son válidas.',
  // The exit message comes from the catalogue (the product's conditions_to_exit), in the store's language.
  FORM_EXIT: '{message}',
  PRODUCT_REDIRECT:
    'Con estas respuestas, el trámite que necesitas es otro: «{product}». Continúa allí con tus respuestas.',
  CART_EMPTY: 'Tu carrito está vacío.',
  CART_ITEM_NOT_FOUND: 'Esta línea ya no está en tu carrito.',
  ORDER_ALREADY_PAID: 'Este pedido ya está pagado.',
  NO_PENDING_TRANSFER: 'Este pedido no tiene ninguna transferencia pendiente de confirmar.',
  PAYMENT_METHOD_UNAVAILABLE: 'Este método de pago no está disponible en esta tienda.',
  PAYMENT_PROVIDER_ERROR:
    'No hemos podido contactar con la pasarela de pago. Tu pedido está guardado: inténtalo de nuevo en unos minutos.',
  STALE_ITEM: 'Otro usuario ha modificado este pedido. Se ha recargado con los últimos cambios.',
  ITEM_LOCKED: 'Otro usuario ({holder}) ha bloqueado este pedido. Se ha recargado con los últimos cambios.',
  LOCK_EXPIRED: 'Tu bloqueo de este pedido ha caducado. Se ha recargado: ábrelo de nuevo para seguir trabajando.',
  ITEM_NOT_EDITABLE:
    'Los datos de este trámite ya no se pueden cambiar: ya lo estamos tramitando. Si hay un error, escríbenos.',
  PRICE_CHANGE_NOT_ALLOWED:
    'Con estos cambios el trámite costaría {new} € en lugar de {old} €. No podemos cambiar el precio de un pedido: haz un pedido nuevo o escríbenos.',
  UNKNOWN_STATUS: 'Estado no encontrado',
  FILE_TOO_LARGE: 'El archivo es demasiado grande (máximo {max} MB).',
  FILE_TYPE_NOT_ALLOWED: 'Solo se admiten archivos PDF, JPEG o PNG.',
  FILE_MISSING: 'Selecciona un archivo.',
  FILE_EMPTY: 'El archivo está vacío. Elige otro archivo.',
  TOO_MANY_UPLOADS: 'Has subido demasiados archivos en poco tiempo. Espera unos minutos antes de volver a intentarlo.',
  UPLOAD_IN_USE: 'Este documento ya forma parte de un pedido y no se puede borrar.',
  CATALOG_INVALID: 'No se ha guardado: el catálogo no admite este cambio. Corrige los problemas indicados.',
  STALE_CATALOG:
    'Otro usuario ha modificado este elemento del catálogo mientras lo editabas. Recarga para ver sus cambios antes de guardar los tuyos.',
  STORE_NOT_FOUND: 'Tienda no encontrada',
  'field.required': 'Por favor, escribe el dato',
  'field.too_long': 'El texto es demasiado largo (máximo {max} caracteres)',
  'field.invalid': 'El valor no es válido',
  'field.invalid_characters': 'El dato contiene caracteres no válidos',
  'note.empty': 'Escribe el texto de la nota',
  REFUND_AMOUNT_INVALID: 'El importe a devolver debe ser mayor que 0 y no superar {max} €.',
  REFUND_FAILED:
    'La pasarela de pago no ha podido hacer la devolución. No se ha emitido ningún abono: inténtalo de nuevo más tarde.',
  'refund.amount_positive': 'El importe debe ser mayor que 0',
  'refund.amount_exceeds': 'El importe no puede superar lo que queda por devolver ({max} €)',
  'billing.tax_id_invalid': 'El NIF no es válido. Revisa el número y la letra',
  'billing.tax_id_invalid_ie':
    'El número de IVA irlandés o PPSN no es válido: 7 cifras y una o dos letras, como 1234567T o 1234567FA',
  'checkout.accept_terms_required': 'Debes aceptar las condiciones de contratación',
  'checkout.start_now_required':
    'Debes solicitar que empecemos el trámite ya y aceptar que, una vez completado, no podrás desistir',
  // Workspace (the agent's tabs, docs/backoffice.md "Workspace").
  'workspace.unknown_tab': 'Esta pestaña no existe',
  'workspace.duplicate_tab': 'Esta pestaña ya está abierta',
  'workspace.too_many_tabs': 'Hay demasiadas pestañas abiertas (máximo {max}). Cierra alguna',
  'workspace.not_closable': 'La pestaña {key} no se puede cerrar',
  'workspace.active_not_open': 'La pestaña activa debe ser una de las abiertas',
  // Back-office item actions (docs/backoffice.md, "Actions").
  VERSION_CONFLICT:
    'El pedido ha cambiado desde que lo abriste. Se ha recargado con los últimos cambios: revisa y vuelve a intentarlo.',
  ITEM_ACTION_REFUSED: 'Esta acción no es posible en el estado actual del pedido.',
  // The right of withdrawal from the order page (docs/withdrawal.md).
  WITHDRAWAL_REFUSED: 'No es posible desistir de este pedido desde aquí. Escríbenos y lo revisaremos.',
  'withdrawal.not_paid':
    'Este pedido no está pagado: no lo tramitaremos mientras no lo pagues, así que no hay nada de lo que desistir.',
  'withdrawal.cancelled': 'Este pedido ya está cancelado: ya desististe de él o lo cancelamos nosotros.',
  'withdrawal.refunded': 'Este pedido ya se ha devuelto por completo.',
  'withdrawal.performed':
    'Ya no puedes desistir de este pedido: el trámite se ha completado (te hemos entregado la documentación) y, como pediste que empezáramos en seguida, el derecho de desistimiento termina al completarse. Si hay algún problema, escríbenos.',
  'withdrawal.period_over':
    'El plazo de 14 días para desistir de este pedido terminó el {date}. Si hay algún problema, escríbenos.',
  'refund.penalty_invalid': 'La penalización no puede ser negativa ni mayor que el importe',
  'refund.nothing_returned':
    'Con esta penalización no se devolvería nada: la penalización debe ser menor que el importe',
  // Templates and the incident loop
  TEMPLATE_EXISTS: 'Ya existe una plantilla con ese id en ese idioma.',
  INCIDENCE_NOT_OPEN: 'Este trámite no tiene ninguna incidencia pendiente de respuesta.',
  // Customers and agents (docs/backoffice.md, "Customers").
  IMPERSONATION_REFUSED: 'Solo un administrador puede entrar como un cliente, y solo en cuentas de cliente activas.',
  IMPERSONATION_READ_ONLY:
    'Estás viendo la tienda como el cliente: no puedes hacer cambios en su cuenta. Vuelve al back office para terminar.',
  NOT_IMPERSONATING: 'No estás viendo la tienda como ningún cliente.',
  AGENT_CHANGE_REFUSED:
    'No puedes desactivarte ni quitarte el rol de administrador, ni dejar la tienda sin administradores.',
  'customer.email_admin_only': 'Solo un administrador puede cambiar el email de un cliente (es su acceso).',
  CUSTOMER_CHANGED: 'Esta cuenta ha cambiado desde que la abriste. Se ha recargado: revisa y vuelve a intentarlo.',
  'incidence.message_required': 'Escribe tu respuesta o adjunta algún archivo',
  'template.name_required': 'Escribe el nombre de la plantilla',
  'template.body_required': 'Escribe el texto de la plantilla',
  // Saved items of the customer panel (docs/customer-panel.md).
  SAVED_ITEM_EXISTS: 'Ya tienes guardado este elemento (misma matrícula, NIF, IDUFIR o referencia catastral).',
  SAVED_ITEMS_LIMIT: 'Has llegado al máximo de elementos guardados de este tipo: borra alguno antes de añadir otro.',
  // Tickets: the lock and collision messages name the ticket, not an order (docs/backoffice.md, "Tickets").
  'ticket.ITEM_LOCKED':
    'Otro usuario ({holder}) está trabajando en este ticket: no puedes cambiarlo hasta que lo suelte.',
  'ticket.LOCK_EXPIRED':
    'Tu bloqueo de este ticket ha caducado. Se ha recargado: ábrelo de nuevo para seguir trabajando.',
  'ticket.VERSION_CONFLICT':
    'El ticket ha cambiado desde que lo abriste. Se ha recargado con los últimos cambios: revisa y vuelve a intentarlo.',
  'ticket.ITEM_ACTION_REFUSED': 'Esta acción no es posible en el estado actual del ticket.',
  // Pay links of orders created by agents.
  ASSISTANT_NOT_CONFIGURED:
    'El asistente de documentos no está disponible: no hay ningún modelo configurado (ASSISTANT_API_URL). Redacta el documento a mano.',
  ASSISTANT_DISABLED: 'El asistente está desactivado para este pedido.',
  ASSISTANT_BUSY: 'El asistente está generando demasiados documentos a la vez. Inténtalo de nuevo en unos segundos.',
  CONTENT_TOO_LARGE: 'El documento es demasiado largo (máximo {max} caracteres).',
  PDF_FAILED: 'Error generando el PDF',
  'markdown.too_deep': 'El documento tiene listas o citas anidadas a demasiada profundidad (máximo {max} niveles).',
  EMAIL_CHANGE_TOKEN_INVALID:
    'El enlace para confirmar el email no es válido, ya se ha usado o ha caducado. Pide el cambio otra vez desde tu cuenta.',
  ACCOUNT_HAS_OPEN_ORDERS:
    'Tienes pedidos en tramitación: podrás borrar la cuenta cuando terminen (o escríbenos para cancelarlos).',
  PUSH_SUBSCRIPTIONS_LIMIT:
    'Has activado los avisos en demasiados dispositivos: desactívalos en alguno antes de añadir otro.',
  REMEMBER_INVALID: 'Tu sesión recordada ha caducado o se ha cerrado. Inicia sesión de nuevo.',
  REMEMBER_RETRY: 'Se está iniciando tu sesión en otra pestaña. Vuelve a intentarlo.',
  OIDC_NOT_CONFIGURED: 'Este acceso no está disponible.',
  OIDC_FAILED: 'Error de acceso',
  OIDC_EMAIL_NOT_VERIFIED:
    'Tu proveedor de identidad no ha verificado tu email: no podemos usarlo para entrar. Verifícalo allí o entra con tu contraseña.',
  OIDC_NO_ROLE:
    'Tu cuenta del proveedor de identidad no tiene acceso al back office. Pide a un administrador que te añada al grupo correspondiente.',
  OAUTH_REQUEST_TOKEN_FAILED: 'Error de ingreso',
  OAUTH_ACCESS_DENIED: 'Error de acceso',
  PAY_LINK_EXPIRED:
    'Este enlace de pago ha caducado. Inicia sesión en tu área de cliente para pagar el pedido o escríbenos para recibir uno nuevo.',
  'provider_payment.too_many_files':
    'Este pago ya tiene el máximo de {max} archivos. Borra alguno antes de subir otro.',
  'provider_payment.inactive': 'Este pago está desactivado: no admite archivos nuevos.',
  REQUEST_TOO_LARGE: 'La solicitud es demasiado grande.',
  URI_TOO_LONG: 'La dirección solicitada es demasiado larga.',
  UNSUPPORTED_MEDIA_TYPE: 'El formato de los datos enviados no se admite.',
} as const;

export type ServerMessageKey = keyof typeof es;
type Catalogue = Record<ServerMessageKey, string>;

const en: Catalogue = {
  BAD_REQUEST: 'Bad request. Please check the data you sent.',
  UNAUTHENTICATED: 'Not authorised. Please sign in again.',
  FORBIDDEN: 'Access denied. You do not have permission to do this.',
  NOT_FOUND: 'Record not found',
  ROUTE_NOT_FOUND: 'Resource not found. The requested endpoint does not exist.',
  INTERNAL: 'Internal server error. Please try again later.',
  UNAVAILABLE: 'Service unavailable. The server is temporarily out of service.',
  DATABASE_UNAVAILABLE:
    'Service briefly unavailable. We are restoring the connection; please try again in a few seconds.',
  CADASTRAL_REFERENCE_INVALID:
    'The cadastral reference is not valid: it has 20 characters (14 for the parcel, 4 for the unit and 2 check letters) or 14 for the parcel.',
  LOOKUP_UNAVAILABLE: 'We could not look this up right now. Try again in a few minutes or type the details yourself.',
  CSRF_INVALID: 'Your session has expired or the request is not valid. Reload the page and try again.',
  INVALID_CREDENTIALS: 'Sign-in error: the email or password is not correct.',
  TOO_MANY_ATTEMPTS: 'Too many failed attempts. Wait a few minutes before trying again.',
  EMAIL_TAKEN: 'An account with this email already exists. Sign in or reset your password.',
  RESET_TOKEN_INVALID: 'The password reset link is not valid, has already been used or has expired. Ask for a new one.',
  SIGN_IN_LINK_INVALID: 'The sign-in link is not valid, has already been used or has expired. Ask for a new one.',
  INVALID_ANSWERS: 'Some answers are missing or not valid.',
  FORM_EXIT: '{message}',
  PRODUCT_REDIRECT:
    'With these answers, the service you need is a different one: “{product}”. Continue there with your answers.',
  CART_EMPTY: 'Your basket is empty.',
  CART_ITEM_NOT_FOUND: 'This line is no longer in your basket.',
  ORDER_ALREADY_PAID: 'This order is already paid.',
  NO_PENDING_TRANSFER: 'This order has no bank transfer waiting to be confirmed.',
  PAYMENT_METHOD_UNAVAILABLE: 'This payment method is not available in this store.',
  PAYMENT_PROVIDER_ERROR: 'We could not reach the payment gateway. Your order is saved: try again in a few minutes.',
  STALE_ITEM: 'Another user has changed this order. It has been reloaded with the latest changes.',
  ITEM_LOCKED: 'Another user ({holder}) has locked this order. It has been reloaded with the latest changes.',
  LOCK_EXPIRED: 'Your lock on this order has expired. It has been reloaded: open it again to keep working.',
  ITEM_NOT_EDITABLE:
    'The details of this order can no longer be changed: we are already processing it. If something is wrong, write to us.',
  PRICE_CHANGE_NOT_ALLOWED:
    'With these changes the order would cost €{new} instead of €{old}. We cannot change the price of an order: place a new order or write to us.',
  UNKNOWN_STATUS: 'Status not found',
  FILE_TOO_LARGE: 'The file is too large (at most {max} MB).',
  FILE_TYPE_NOT_ALLOWED: 'Only PDF, JPEG or PNG files are accepted.',
  FILE_MISSING: 'Choose a file.',
  FILE_EMPTY: 'The file is empty. Choose another file.',
  TOO_MANY_UPLOADS: 'You have uploaded too many files in a short time. Wait a few minutes before trying again.',
  UPLOAD_IN_USE: 'This document is already part of an order and cannot be deleted.',
  CATALOG_INVALID: 'Not saved: the catalogue does not accept this change. Fix the problems listed.',
  STALE_CATALOG:
    'Another user changed this catalogue item while you were editing it. Reload to see their changes before saving yours.',
  STORE_NOT_FOUND: 'Store not found',
  'field.required': 'Please enter this information',
  'field.too_long': 'The text is too long (at most {max} characters)',
  'field.invalid': 'The value is not valid',
  'field.invalid_characters': 'This contains characters that are not allowed',
  'note.empty': 'Write the text of the note',
  REFUND_AMOUNT_INVALID: 'The amount to refund must be greater than 0 and at most €{max}.',
  REFUND_FAILED: 'The payment provider could not make the refund. No credit note was issued: please try again later.',
  'refund.amount_positive': 'The amount must be greater than 0',
  'refund.amount_exceeds': 'The amount cannot exceed what is left to refund (€{max})',
  'billing.tax_id_invalid': 'The tax id is not valid. Check the number and the letter',
  'billing.tax_id_invalid_ie':
    'The Irish VAT number or PPS number is not valid: 7 digits and one or two letters, such as 1234567T or 1234567FA',
  'checkout.accept_terms_required': 'You must accept the terms of sale',
  'checkout.start_now_required':
    'You must ask us to start the service now and acknowledge that you cannot withdraw once it is completed',
  // Workspace (the agent's tabs, docs/backoffice.md "Workspace").
  'workspace.unknown_tab': 'This tab does not exist',
  'workspace.duplicate_tab': 'This tab is already open',
  'workspace.too_many_tabs': 'Too many tabs are open (at most {max}). Close one',
  'workspace.not_closable': 'Tab {key} cannot be closed',
  'workspace.active_not_open': 'The active tab must be one of the open tabs',
  // Back-office item actions (docs/backoffice.md, "Actions").
  VERSION_CONFLICT:
    'The order has changed since you opened it. It has been reloaded with the latest changes: check it and try again.',
  ITEM_ACTION_REFUSED: 'This action is not possible in the current state of the order.',
  WITHDRAWAL_REFUSED: 'This order cannot be withdrawn from here. Write to us and we will look into it.',
  'withdrawal.not_paid':
    'This order is not paid: we will not work on it unless you pay for it, so there is nothing to withdraw from.',
  'withdrawal.cancelled': 'This order is already cancelled: you withdrew from it or we cancelled it.',
  'withdrawal.refunded': 'This order has already been refunded in full.',
  'withdrawal.performed':
    'You can no longer withdraw from this order: the service has been completed (we have delivered the documents) and, as you asked us to start at once, the right of withdrawal ends once it is completed. If something is wrong, write to us.',
  'withdrawal.period_over':
    'The 14-day period to withdraw from this order ended on {date}. If something is wrong, write to us.',
  'refund.penalty_invalid': 'The penalty cannot be negative or greater than the amount',
  'refund.nothing_returned': 'With this penalty nothing would be returned: the penalty must be less than the amount',
  // Templates and the incident loop
  TEMPLATE_EXISTS: 'A template with that id already exists in that language.',
  INCIDENCE_NOT_OPEN: 'This service has no issue waiting for your answer.',
  // Customers and agents (docs/backoffice.md, "Customers").
  IMPERSONATION_REFUSED: 'Only an admin can log in as a customer, and only into active customer accounts.',
  IMPERSONATION_READ_ONLY:
    'You are viewing the shop as the customer: you cannot change their account. Go back to the back office to finish.',
  NOT_IMPERSONATING: 'You are not viewing the shop as a customer.',
  AGENT_CHANGE_REFUSED: 'You cannot deactivate yourself or drop your admin role, nor leave the shop without admins.',
  'customer.email_admin_only': "Only an admin can change a customer's e-mail (it is their login).",
  CUSTOMER_CHANGED: 'This account changed since you opened it. It has been reloaded: check and try again.',
  'incidence.message_required': 'Write your answer or attach a file',
  'template.name_required': 'Write the name of the template',
  'template.body_required': 'Write the text of the template',
  // Saved items of the customer panel (docs/customer-panel.md).
  SAVED_ITEM_EXISTS: 'You have already saved this item (same plate, tax id, IDUFIR or cadastral reference).',
  SAVED_ITEMS_LIMIT: 'You have reached the maximum of saved items of this kind: delete one before adding another.',
  // Tickets: the lock and collision messages name the ticket, not an order (docs/backoffice.md, "Tickets").
  'ticket.ITEM_LOCKED': 'Another user ({holder}) is working on this ticket: you cannot change it until they let it go.',
  'ticket.LOCK_EXPIRED': 'Your lock on this ticket has expired. It has been reloaded: open it again to keep working.',
  'ticket.VERSION_CONFLICT':
    'The ticket has changed since you opened it. It has been reloaded with the latest changes: check and try again.',
  'ticket.ITEM_ACTION_REFUSED': 'This action is not possible in the current state of the ticket.',
  // Pay links of orders created by agents.
  ASSISTANT_NOT_CONFIGURED:
    'The document assistant is not available: no model is configured (ASSISTANT_API_URL). Write the document by hand.',
  ASSISTANT_DISABLED: 'The assistant is turned off for this order.',
  ASSISTANT_BUSY: 'The assistant is drafting too many documents at once. Try again in a few seconds.',
  CONTENT_TOO_LARGE: 'The document is too long (at most {max} characters).',
  PDF_FAILED: 'Error generating the PDF',
  'markdown.too_deep': 'The document nests lists or quotes too deeply (at most {max} levels).',
  EMAIL_CHANGE_TOKEN_INVALID:
    'The link to confirm the email is not valid, has already been used or has expired. Ask for the change again from your account.',
  ACCOUNT_HAS_OPEN_ORDERS:
    'You have orders being processed: you can delete the account when they finish (or write to us to cancel them).',
  PUSH_SUBSCRIPTIONS_LIMIT:
    'You have turned on alerts on too many devices: turn them off on one before adding another.',
  REMEMBER_INVALID: 'Your remembered session has expired or was signed out. Please sign in again.',
  REMEMBER_RETRY: 'Your session is being opened in another tab. Please try again.',
  OIDC_NOT_CONFIGURED: 'This sign-in option is not available.',
  OIDC_FAILED: 'Sign-in error',
  OIDC_EMAIL_NOT_VERIFIED:
    'Your identity provider has not verified your email, so we cannot use it to sign you in. Verify it there or sign in with your password.',
  OIDC_NO_ROLE:
    'Your identity provider account has no access to the back office. Ask an administrator to add you to the right group.',
  OAUTH_REQUEST_TOKEN_FAILED: 'Login error',
  OAUTH_ACCESS_DENIED: 'Sign-in error',
  PAY_LINK_EXPIRED:
    'This payment link has expired. Sign in to your customer area to pay the order, or write to us for a new link.',
  'provider_payment.too_many_files':
    'This payment already has the maximum of {max} files. Delete one before uploading another.',
  'provider_payment.inactive': 'This payment is deactivated: it takes no new files.',
  REQUEST_TOO_LARGE: 'The request is too large.',
  URI_TOO_LONG: 'The requested address is too long.',
  UNSUPPORTED_MEDIA_TYPE: 'The format of the data sent is not supported.',
};

const pt: Catalogue = {
  BAD_REQUEST: 'Pedido incorreto. Por favor, verifique os dados enviados.',
  UNAUTHENTICATED: 'Não autorizado. Por favor, inicie sessão novamente.',
  FORBIDDEN: 'Acesso negado. Não tem permissões para realizar esta ação.',
  NOT_FOUND: 'Registo não encontrado',
  ROUTE_NOT_FOUND: 'Recurso não encontrado. O endpoint pedido não existe.',
  INTERNAL: 'Erro interno do servidor. Por favor, tente novamente mais tarde.',
  UNAVAILABLE: 'Serviço indisponível. O servidor está temporariamente fora de serviço.',
  DATABASE_UNAVAILABLE:
    'Serviço momentaneamente indisponível. Estamos a recuperar a ligação; tente novamente dentro de alguns segundos.',
  CADASTRAL_REFERENCE_INVALID:
    'A referência cadastral não é válida: tem 20 caracteres (14 da parcela, 4 do imóvel e 2 letras de controlo) ou 14 da parcela.',
  LOOKUP_UNAVAILABLE:
    'Não foi possível fazer a consulta agora. Tente de novo dentro de alguns minutos ou escreva os dados à mão.',
  CSRF_INVALID: 'A sessão expirou ou o pedido não é válido. Recarregue a página e tente novamente.',
  INVALID_CREDENTIALS: 'Erro de acesso: o email ou a palavra-passe não estão corretos.',
  TOO_MANY_ATTEMPTS: 'Demasiadas tentativas falhadas. Aguarde alguns minutos antes de tentar novamente.',
  EMAIL_TAKEN: 'Já existe uma conta com este email. Inicie sessão ou recupere a sua palavra-passe.',
  RESET_TOKEN_INVALID: 'A ligação para redefinir a palavra-passe não é válida, já foi usada ou expirou. Peça uma nova.',
  SIGN_IN_LINK_INVALID: 'A ligação para entrar não é válida, já foi usada ou expirou. Peça uma nova.',
  INVALID_ANSWERS: 'Há respostas em falta ou inválidas.',
  FORM_EXIT: '{message}',
  PRODUCT_REDIRECT:
    'Com estas respostas, o serviço de que precisa é outro: «{product}». Continue aí com as suas respostas.',
  CART_EMPTY: 'O seu carrinho está vazio.',
  CART_ITEM_NOT_FOUND: 'Esta linha já não está no seu carrinho.',
  ORDER_ALREADY_PAID: 'Esta encomenda já está paga.',
  NO_PENDING_TRANSFER: 'Esta encomenda não tem nenhuma transferência por confirmar.',
  PAYMENT_METHOD_UNAVAILABLE: 'Este método de pagamento não está disponível nesta loja.',
  PAYMENT_PROVIDER_ERROR:
    'Não conseguimos contactar o gateway de pagamento. A sua encomenda está guardada: tente novamente dentro de alguns minutos.',
  STALE_ITEM: 'Outro utilizador alterou esta encomenda. Foi recarregada com as últimas alterações.',
  ITEM_LOCKED: 'Outro utilizador ({holder}) bloqueou esta encomenda. Foi recarregada com as últimas alterações.',
  LOCK_EXPIRED: 'O seu bloqueio desta encomenda expirou. Foi recarregada: abra-a de novo para continuar.',
  ITEM_NOT_EDITABLE:
    'Os dados deste pedido já não podem ser alterados: já o estamos a tratar. Se houver um erro, escreva-nos.',
  PRICE_CHANGE_NOT_ALLOWED:
    'Com estas alterações o pedido custaria {new} € em vez de {old} €. Não podemos alterar o preço de uma encomenda: faça uma nova encomenda ou escreva-nos.',
  UNKNOWN_STATUS: 'Estado não encontrado',
  FILE_TOO_LARGE: 'O ficheiro é demasiado grande (máximo {max} MB).',
  FILE_TYPE_NOT_ALLOWED: 'Só são aceites ficheiros PDF, JPEG ou PNG.',
  FILE_MISSING: 'Escolha um ficheiro.',
  FILE_EMPTY: 'O ficheiro está vazio. Escolha outro ficheiro.',
  TOO_MANY_UPLOADS: 'Carregou demasiados ficheiros em pouco tempo. Aguarde alguns minutos antes de tentar novamente.',
  UPLOAD_IN_USE: 'Este documento já faz parte de uma encomenda e não pode ser eliminado.',
  CATALOG_INVALID: 'Não foi guardado: o catálogo não aceita esta alteração. Corrija os problemas indicados.',
  STALE_CATALOG:
    'Outro utilizador alterou este elemento do catálogo enquanto o editava. Recarregue para ver as alterações antes de guardar as suas.',
  STORE_NOT_FOUND: 'Loja não encontrada',
  'field.required': 'Por favor, escreva o dado',
  'field.too_long': 'O texto é demasiado longo (máximo {max} caracteres)',
  'field.invalid': 'O valor não é válido',
  'field.invalid_characters': 'O dado contém caracteres que não são válidos',
  'note.empty': 'Escreva o texto da nota',
  REFUND_AMOUNT_INVALID: 'O montante a devolver deve ser superior a 0 e não exceder {max} €.',
  REFUND_FAILED:
    'O prestador de pagamentos não conseguiu fazer a devolução. Não foi emitida nenhuma nota de crédito: tente novamente mais tarde.',
  'refund.amount_positive': 'O montante deve ser superior a 0',
  'refund.amount_exceeds': 'O montante não pode exceder o que falta devolver ({max} €)',
  'billing.tax_id_invalid': 'O NIF não é válido. Verifique o número',
  'billing.tax_id_invalid_ie':
    'O número de IVA irlandês ou PPSN não é válido: 7 dígitos e uma ou duas letras, como 1234567T ou 1234567FA',
  'checkout.accept_terms_required': 'Tem de aceitar as condições de contratação',
  'checkout.start_now_required':
    'Tem de pedir que comecemos já o serviço e aceitar que, depois de concluído, deixa de poder resolver o contrato',
  // Workspace (the agent's tabs, docs/backoffice.md "Workspace").
  'workspace.unknown_tab': 'Este separador não existe',
  'workspace.duplicate_tab': 'Este separador já está aberto',
  'workspace.too_many_tabs': 'Há demasiados separadores abertos (máximo {max}). Feche algum',
  'workspace.not_closable': 'O separador {key} não pode ser fechado',
  'workspace.active_not_open': 'O separador ativo deve ser um dos abertos',
  // Back-office item actions (docs/backoffice.md, "Actions").
  VERSION_CONFLICT:
    'A encomenda mudou desde que a abriu. Foi recarregada com as últimas alterações: verifique e tente novamente.',
  ITEM_ACTION_REFUSED: 'Esta ação não é possível no estado atual da encomenda.',
  WITHDRAWAL_REFUSED: 'Não é possível resolver esta encomenda a partir daqui. Escreva-nos e analisaremos o caso.',
  'withdrawal.not_paid':
    'Esta encomenda não está paga: não a trataremos enquanto não a pagar, por isso não há nada a resolver.',
  'withdrawal.cancelled': 'Esta encomenda já está cancelada: já a resolveu ou fomos nós que a cancelámos.',
  'withdrawal.refunded': 'Esta encomenda já foi devolvida por completo.',
  'withdrawal.performed':
    'Já não pode resolver esta encomenda: o serviço foi concluído (já lhe entregámos os documentos) e, como pediu que começássemos logo, o direito de livre resolução termina com a sua conclusão. Se houver algum problema, escreva-nos.',
  'withdrawal.period_over':
    'O prazo de 14 dias para resolver esta encomenda terminou em {date}. Se houver algum problema, escreva-nos.',
  'refund.penalty_invalid': 'A penalização não pode ser negativa nem superior ao montante',
  'refund.nothing_returned':
    'Com esta penalização não seria devolvido nada: a penalização deve ser inferior ao montante',
  // Templates and the incident loop
  TEMPLATE_EXISTS: 'Já existe um modelo com esse id nesse idioma.',
  INCIDENCE_NOT_OPEN: 'Este serviço não tem nenhuma incidência à espera de resposta.',
  // Customers and agents (docs/backoffice.md, "Customers").
  IMPERSONATION_REFUSED: 'Só um administrador pode entrar como um cliente, e só em contas de cliente ativas.',
  IMPERSONATION_READ_ONLY:
    'Está a ver a loja como o cliente: não pode alterar a conta dele. Volte ao back office para terminar.',
  NOT_IMPERSONATING: 'Não está a ver a loja como nenhum cliente.',
  AGENT_CHANGE_REFUSED:
    'Não pode desativar-se nem retirar-se o papel de administrador, nem deixar a loja sem administradores.',
  'customer.email_admin_only': 'Só um administrador pode alterar o email de um cliente (é o seu acesso).',
  CUSTOMER_CHANGED: 'Esta conta mudou desde que a abriu. Foi recarregada: reveja e tente de novo.',
  'incidence.message_required': 'Escreva a sua resposta ou anexe um ficheiro',
  'template.name_required': 'Escreva o nome do modelo',
  'template.body_required': 'Escreva o texto do modelo',
  // Saved items of the customer panel (docs/customer-panel.md).
  SAVED_ITEM_EXISTS: 'Já guardou este elemento (mesma matrícula, NIF, IDUFIR ou referência cadastral).',
  SAVED_ITEMS_LIMIT: 'Chegou ao máximo de elementos guardados deste tipo: apague algum antes de adicionar outro.',
  // Tickets: the lock and collision messages name the ticket, not an order (docs/backoffice.md, "Tickets").
  'ticket.ITEM_LOCKED':
    'Outro utilizador ({holder}) está a trabalhar neste ticket: não o pode alterar até que o liberte.',
  'ticket.LOCK_EXPIRED': 'O seu bloqueio deste ticket expirou. Foi recarregado: abra-o de novo para continuar.',
  'ticket.VERSION_CONFLICT':
    'O ticket mudou desde que o abriu. Foi recarregado com as últimas alterações: reveja e tente de novo.',
  'ticket.ITEM_ACTION_REFUSED': 'Esta ação não é possível no estado atual do ticket.',
  // Pay links of orders created by agents.
  ASSISTANT_NOT_CONFIGURED:
    'O assistente de documentos não está disponível: não há nenhum modelo configurado (ASSISTANT_API_URL). Redija o documento à mão.',
  ASSISTANT_DISABLED: 'O assistente está desativado para esta encomenda.',
  ASSISTANT_BUSY:
    'O assistente está a gerar demasiados documentos ao mesmo tempo. Tente novamente dentro de alguns segundos.',
  CONTENT_TOO_LARGE: 'O documento é demasiado longo (máximo {max} caracteres).',
  PDF_FAILED: 'Erro ao gerar o PDF',
  'markdown.too_deep': 'O documento tem listas ou citações aninhadas a demasiada profundidade (máximo {max} níveis).',
  EMAIL_CHANGE_TOKEN_INVALID:
    'A ligação para confirmar o email não é válida, já foi usada ou expirou. Peça a alteração outra vez na sua conta.',
  ACCOUNT_HAS_OPEN_ORDERS:
    'Tem encomendas em tratamento: poderá apagar a conta quando terminarem (ou escreva-nos para as cancelar).',
  PUSH_SUBSCRIPTIONS_LIMIT:
    'Ativou os avisos em demasiados dispositivos: desative-os em algum antes de adicionar outro.',
  REMEMBER_INVALID: 'A sua sessão memorizada expirou ou foi terminada. Inicie sessão novamente.',
  REMEMBER_RETRY: 'A sua sessão está a ser aberta noutro separador. Tente novamente.',
  OIDC_NOT_CONFIGURED: 'Esta opção de acesso não está disponível.',
  OIDC_FAILED: 'Erro de acesso',
  OIDC_EMAIL_NOT_VERIFIED:
    'O seu fornecedor de identidade não verificou o seu email, por isso não o podemos usar para entrar. Verifique-o lá ou entre com a sua palavra-passe.',
  OIDC_NO_ROLE:
    'A sua conta do fornecedor de identidade não tem acesso ao back office. Peça a um administrador que o adicione ao grupo certo.',
  OAUTH_REQUEST_TOKEN_FAILED: 'Erro de ingresso',
  OAUTH_ACCESS_DENIED: 'Erro de acesso',
  PAY_LINK_EXPIRED:
    'Esta ligação de pagamento expirou. Entre na sua área de cliente para pagar a encomenda ou escreva-nos para receber uma nova.',
  'provider_payment.too_many_files':
    'Este pagamento já tem o máximo de {max} ficheiros. Apague algum antes de carregar outro.',
  'provider_payment.inactive': 'Este pagamento está desativado: não aceita ficheiros novos.',
  REQUEST_TOO_LARGE: 'O pedido é demasiado grande.',
  URI_TOO_LONG: 'O endereço pedido é demasiado longo.',
  UNSUPPORTED_MEDIA_TYPE: 'O formato dos dados enviados não é suportado.',
};

const CATALOGUES: Record<Language, Catalogue> = { es, en, pt };

/** Renders a server message in a language, filling {placeholders}. */
export function serverMessage(
  language: Language,
  key: ServerMessageKey,
  params?: Record<string, string | number>,
): string {
  return formatMessage(language, CATALOGUES[language][key], params);
}

export const SERVER_CATALOGUES_FOR_TESTS = CATALOGUES;
