/**
 * Spanish texts of errors (lib/i18n.ts `translateServerError`, `translateValidation`):
 * - `errorCodes`: a general sentence for each stable error code (docs/api.md#error-codes), used
 *   when the server's text is not one of `serverTexts` (texts built with values);
 * - `refusals`: the sentences of refusals whose text names values, by the details'
 *   `reason` (and `move`), with `refusalWords` for the statuses and roles they name;
 * - `serverTexts`: the server's fixed English texts and the web app's own failure texts,
 *   keyed by the exact English words;
 * - `validation`: every message of the shared zod schemas, keyed by the exact English words.
 * test/i18n-errors.test.ts checks that nothing is missing.
 */
import type { Catalog } from '../../lib/i18n';

export default {
  errorCodes: {
    VALIDATION_FAILED: 'Algunos datos no son válidos. Revísalos e inténtalo de nuevo.',
    BAD_REQUEST: 'No se pudo procesar la solicitud.',
    UNAUTHENTICATED: 'Tu sesión no es válida o ya expiró. Inicia sesión de nuevo.',
    INVALID_CREDENTIALS: 'El correo electrónico o la contraseña no son correctos.',
    FORBIDDEN: 'No tienes permiso para hacer esto.',
    ACCOUNT_INACTIVE: 'Tu cuenta está desactivada.',
    NOT_FOUND: 'No se encontró lo que buscas, o no tienes acceso a ello.',
    METHOD_NOT_ALLOWED: 'Esta operación no está permitida.',
    INVALID_TRANSITION: 'Esta acción no es posible ahora por su estado o su horario.',
    CONFLICT: 'Esta acción entra en conflicto con datos existentes.',
    BLOCKLISTED: 'Este visitante está en la lista de bloqueo de la comunidad.',
    PAYLOAD_TOO_LARGE: 'La solicitud es demasiado grande.',
    UNSUPPORTED_MEDIA_TYPE: 'Este tipo de contenido no es compatible.',
    IDEMPOTENCY_KEY_REUSED: 'Esta solicitud ya se envió antes con otros datos.',
    RATE_LIMITED: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
    UNAVAILABLE: 'El servicio no está disponible por ahora. Inténtalo de nuevo en unos momentos.',
    INTERNAL: 'Ocurrió un error en el servidor.',
  },

  // Refusals whose text names values (lib/i18n.ts `refusalSentence`): by the details'
  // `reason` (and `move`), the values in braces worded in this language.
  refusals: {
    'visitor-status.approve': 'No se puede aprobar al visitante: su estado es {status}',
    'visitor-status.reject': 'No se puede rechazar al visitante: su estado es {status}',
    'visitor-status.cancel': 'No se puede cancelar la invitación: su estado es {status}',
    'visitor-status.check-in': 'No se puede registrar la entrada del visitante: su estado es {status}',
    'visitor-status.check-out': 'No se puede registrar la salida del visitante: su estado es {status}',
    'visitor-status.expire': 'No se puede dar por vencida la invitación: su estado es {status}',
    'visit-window': 'Esta invitación es válida el {date} de {from} a {to}',
    'pass-status.pause': 'No se puede pausar el pase: su estado es {status}',
    'pass-status.resume': 'No se puede reanudar el pase: su estado es {status}',
    'pass-status.cancel': 'No se puede cancelar el pase: su estado es {status}',
    'pass-status.check-in': 'No se puede registrar la entrada del pase: su estado es {status}',
    'pass-status.check-out': 'No se puede registrar la salida del pase: su estado es {status}',
    'pass-status.update': 'No se puede modificar el pase: su estado es {status}',
    'pass-window': 'Este pase es válido los {weekdays} de {from} a {to}, del {startDate} al {endDate}',
    'payment-status.edit': 'No se puede modificar el pago: su estado es {status}',
    'payment-status.complete': 'No se puede completar el pago: su estado es {status}',
    'payment-status.fail': 'No se puede marcar el pago como fallido: su estado es {status}',
    'review-status.dismiss': 'No se puede descartar la revisión: su estado es {status}',
    'review-status.record': 'No se puede registrar la revisión: su estado es {status}',
    'photo-status': 'Solo se puede agregar una foto mientras el visitante está pendiente o aprobado: su estado es {status}',
    'failed-scans': 'Demasiados escaneos fallidos; inténtalo de nuevo en {seconds} s',
    'too-many-attempts': 'Demasiados intentos; inténtalo de nuevo en {seconds} s',
    'too-many-requests': 'Demasiadas solicitudes; inténtalo de nuevo en {seconds} s',
    'plate-taken': 'La matrícula {plate} ya está registrada',
    'house-taken': 'La casa {houseNumber} ya existe en el bloque {block}',
    role: 'Solo {roles} pueden hacer esto',
    'check-in-before-invitation': 'La entrada no puede registrarse antes del {date} a las {time}, cuando se creó la invitación',
    'check-in-before-approval': 'La entrada no puede registrarse antes del {date} a las {time}, cuando se aprobó la visita sin invitación',
    'check-in-before-pass': 'La entrada no puede registrarse antes del {date} a las {time}, cuando se creó el pase',
  },

  // The words a refusal's values are shown with: statuses by subject, roles in plural.
  refusalWords: {
    'visitor.pending': 'pendiente',
    'visitor.approved': 'aprobado',
    'visitor.rejected': 'rechazado',
    'visitor.checked-in': 'entrada registrada',
    'visitor.checked-out': 'salida registrada',
    'visitor.expired': 'vencido',
    'visitor.cancelled': 'cancelado',
    'pass.active': 'activo',
    'pass.paused': 'en pausa',
    'pass.cancelled': 'cancelado',
    'pass.ended': 'finalizado',
    'payment.pending': 'pendiente',
    'payment.completed': 'completado',
    'payment.failed': 'fallido',
    'review.open': 'abierta',
    'review.dismissed': 'descartada',
    'review.recorded': 'registrada',
    'role.admin': 'los administradores',
    'role.guard': 'los guardias',
    'role.resident': 'los residentes',
  },

  serverTexts: {
    // Access changed since an Idempotency-Key's first request, or while a live stream was open.
    'Your access has changed since this request was first made': 'Tu acceso cambió desde que se hizo esta solicitud por primera vez',
    'Your access has changed: open the stream again for what you may now see': 'Tu acceso cambió: vuelve a abrir la transmisión para ver lo que ahora puedes ver',
    // A Needs review entry of an erased visitor (its message and note are removed).
    'Personal data erased': 'Datos personales borrados',
    // docs/operations.md#frequent-visitors: recurring passes.
    'A pass can last at most 12 months': 'Un pase puede durar como máximo 12 meses',
    'Choose at least one day': 'Elige al menos un día',
    'End date is required': 'La fecha de fin es obligatoria',
    'End date must be a date (YYYY-MM-DD)': 'La fecha de fin debe ser una fecha (AAAA-MM-DD)',
    'End date must be on or after start date': 'La fecha de fin debe ser igual o posterior a la fecha de inicio',
    'End time must be after start time': 'La hora de fin debe ser posterior a la hora de inicio',
    'Invalid weekday': 'Día de la semana no válido',
    'Month must be YYYY-MM': 'El mes debe tener el formato AAAA-MM',
    'Dates must be from 1900-01-01 to 2999-12-31': 'Las fechas deben estar entre 1900-01-01 y 2999-12-31',
    'Pass cannot be checked in: already inside': 'No se puede registrar la entrada del pase: ya está dentro',
    'Pass cannot be checked out: not inside': 'No se puede registrar la salida del pase: no está dentro',
    'Pass not found': 'Pase no encontrado',
    'Start date cannot be in the past': 'La fecha de inicio no puede estar en el pasado',
    'Start date is required': 'La fecha de inicio es obligatoria',
    'Start date must be a date (YYYY-MM-DD)': 'La fecha de inicio debe ser una fecha (AAAA-MM-DD)',
    'You can only create passes for your own house': 'Solo puedes crear pases para tu propia casa',
    // Blocklist (docs/operations.md#blocklist).
    'This visitor is on the community blocklist': 'Este visitante está en la lista de bloqueo de la comunidad',
    'Only an admin can override the blocklist': 'Solo un administrador puede anular la lista de bloqueo',
    'Notes are required to override the blocklist': 'Las notas son obligatorias para anular la lista de bloqueo',
    'Blocklist entry not found': 'No se encontró el registro de la lista de bloqueo',
    // CSV exports (docs/operations.md#reports-exports-and-inside-now).
    'The start date must not be after the end date': 'La fecha de inicio no puede ser posterior a la fecha de fin',
    // Reports (docs/operations.md#reports-exports-and-inside-now).
    'A report covers at most 366 days': 'Un informe abarca como máximo 366 días',
    'An export covers at most 366 days': 'Una exportación abarca como máximo 366 días',
    'Too many exports are running, try again in a minute': 'Hay demasiadas exportaciones en curso; inténtalo de nuevo en un minuto',
    'The export was stopped: no row was read for a minute': 'La exportación se detuvo: no se leyó ninguna fila durante un minuto',
    // Gates (docs/operations.md#gates).
    'Gate not found': 'No se encontró la entrada',
    'A gate with this name already exists': 'Ya existe una entrada con este nombre',
    'A community can have at most 200 gates': 'Una comunidad puede tener como máximo 200 entradas',
    'Unknown gate': 'Entrada desconocida',
    // Webhooks (docs/api.md#webhooks).
    'Webhook not found': 'No se encontró el webhook',
    'Delivery not found': 'No se encontró el envío',
    'Webhook URL is required': 'La URL del webhook es obligatoria',
    'Webhook URL must be a valid URL': 'La URL del webhook debe ser una URL válida',
    'Webhook URL must use http or https': 'La URL del webhook debe usar http o https',
    'Webhook URL must be a public address': 'La URL del webhook debe ser una dirección pública',
    'Webhook URL host could not be resolved': 'No se pudo resolver el servidor de la URL del webhook',
    'Webhook URL must be at most 2000 characters': 'La URL del webhook puede tener como máximo 2000 caracteres',
    'Webhook URL contains characters that cannot be stored': 'La URL del webhook contiene caracteres que no se pueden guardar',
    'Choose at least one event': 'Elige al menos un evento',
    'Unknown event type': 'Tipo de evento desconocido',
    // Dues ledger (docs/operations.md#dues-ledger).
    'Paid at cannot be in the future': 'La fecha de pago no puede estar en el futuro',
    'Paid at must be a date and time with a time zone (ISO 8601)':
      'La fecha de pago debe ser una fecha y hora con zona horaria (ISO 8601)',
    // The server's fixed texts (packages/api, apps/server).
    'You can only invite visitors to your own house':
      'Solo puedes invitar visitantes a tu propia casa',
    'House not found': 'No se encontró la casa',
    'Visitor not found': 'No se encontró al visitante',
    'Invalid or expired QR code': 'Código QR no válido o vencido',
    'Email is already registered': 'El correo electrónico ya está registrado',
    'User not found': 'No se encontró al usuario',
    'The community must keep at least one active admin':
      'La comunidad debe conservar al menos un administrador activo',
    'You cannot change your own role or active state':
      'No puedes cambiar tu propio rol ni tu estado activo',
    'You can only change your own name and phone': 'Solo puedes cambiar tu nombre y tu teléfono',
    'Payment not found': 'No se encontró el pago',
    'Vehicle not found': 'No se encontró el vehículo',
    'Owner not found': 'No se encontró al propietario',
    'Resident not found': 'No se encontró al residente',
    'Photo not found': 'No se encontró la foto',
    'You can only add vehicles to your own house': 'Solo puedes agregar vehículos a tu propia casa',
    'Only the owner of this vehicle or an admin can change it':
      'Solo el propietario de este vehículo o un administrador puede cambiarlo',
    'Only an admin can create guard or admin accounts':
      'Solo un administrador puede crear cuentas de guardia o de administrador',
    'Invalid email or password': 'Correo electrónico o contraseña no válidos',
    'Account is inactive': 'La cuenta está inactiva',
    'This community is suspended': 'Esta comunidad está suspendida',
    'You are not a member of this community': 'No eres miembro de esta comunidad',
    'Community not found': 'No se encontró la comunidad',
    'Only operators can do this': 'Solo los operadores pueden hacer esto',
    'Slug is already taken': 'Ese identificador ya está en uso',
    'House cannot be deleted while it has residents, vehicles, visitors or payments':
      'No se puede eliminar la casa mientras tenga residentes, vehículos, visitantes o pagos',
    'Live updates are not available': 'Las actualizaciones en vivo no están disponibles',
    'Authentication required': 'Debes iniciar sesión',
    // `Only ${roles} can do this` for each role list of the access matrix (packages/api/src/access.ts).
    'Only admins can do this': 'Solo los administradores pueden hacer esto',
    'Only guards and admins can do this':
      'Solo los guardias y los administradores pueden hacer esto',
    'Only residents and admins can do this':
      'Solo los residentes y los administradores pueden hacer esto',
    'Only residents, guards and admins can do this':
      'Solo los residentes, los guardias y los administradores pueden hacer esto',
    // Business rules on a field (validationError).
    'Visit date cannot be in the past': 'La fecha de visita no puede estar en el pasado',
    'Visit date can be at most one year ahead':
      'La fecha de visita puede ser como máximo dentro de un año',
    'End time has already passed': 'La hora de fin ya pasó',
    'A reason is required when the gate approves a walk-in':
      'Se requiere un motivo cuando la portería aprueba una visita sin invitación',
    'Current password is incorrect': 'La contraseña actual es incorrecta',
    'Photo must be a JPEG of at most 200 KB': 'La foto debe ser un JPEG de 200 KB como máximo',
    // The HTTP layer's own answers.
    'Internal server error': 'Error interno del servidor',
    'Service temporarily unavailable': 'Servicio no disponible temporalmente',
    'Unsupported content type: send JSON (application/json)':
      'Tipo de contenido no compatible: envía JSON (application/json)',
    'Not found': 'No encontrado',
    'Bad request': 'Solicitud incorrecta',
    'Malformed JSON in request body': 'El cuerpo de la solicitud tiene un JSON mal formado',
    'Method not allowed': 'Método no permitido',
    'Request body too large': 'El cuerpo de la solicitud es demasiado grande',
    'Request body is empty: send a JSON object':
      'El cuerpo de la solicitud está vacío: envía un objeto JSON',
    'Request body must be a JSON object': 'El cuerpo de la solicitud debe ser un objeto JSON',
    'Invalid input': 'Datos no válidos',
    // The web app's own failure texts (lib/errors.ts, lib/failures.ts, lib/trpc.ts, lib/session.tsx).
    'An error occurred': 'Ocurrió un error',
    'Request timeout': 'Se agotó el tiempo de espera',
    'Network error': 'Error de red',
    'Cannot reach the server. Check the connection and try again.':
      'No se puede conectar con el servidor. Revisa la conexión e inténtalo de nuevo.',
    'The server did not answer in time. Try again.':
      'El servidor no respondió a tiempo. Inténtalo de nuevo.',
    'Login failed': 'No se pudo iniciar sesión',
    'Signup failed': 'No se pudo crear la cuenta',
    // Browsers' words for a request that got no answer (Chrome, Firefox, Safari).
    'Failed to fetch':
      'No se puede conectar con el servidor. Revisa la conexión e inténtalo de nuevo.',
    'NetworkError when attempting to fetch resource.':
      'No se puede conectar con el servidor. Revisa la conexión e inténtalo de nuevo.',
    'Load failed': 'No se puede conectar con el servidor. Revisa la conexión e inténtalo de nuevo.',

    // The offline gate (docs/gate.md#the-gate-pack, docs/gate.md#recording-moves-offline).
    'occurredAt must be an ISO 8601 instant': 'La hora del registro debe ser un instante ISO 8601',
    'occurredAt is out of range': 'La hora del registro está fuera del rango permitido',
    'Check-out cannot be before check-in': 'La salida no puede ser anterior a la entrada',
    'Idempotency-Key must be 1 to 100 printable characters': 'La clave Idempotency-Key debe tener de 1 a 100 caracteres imprimibles',
    'Idempotency-Key reused with a different request': 'La clave Idempotency-Key ya se usó con otra solicitud',
    'A request with this Idempotency-Key is in progress': 'Una solicitud con esta clave Idempotency-Key aún está en curso',
    'since must be a cursor from the gate pack': 'since debe ser un cursor del paquete de la entrada',
    'Review not found': 'No se encontró la revisión',
    // API tokens (docs/api.md#api-tokens).
    'API tokens cannot do this': 'Los tokens de API no pueden hacer esto',
    'API token not found': 'No se encontró el token de API',
    'Expiry must be in the future': 'El vencimiento debe estar en el futuro',
    'Expiry must be at most 2 years ahead': 'El vencimiento puede ser como máximo dentro de 2 años',
    'Expiry must be an ISO 8601 instant': 'El vencimiento debe ser un instante ISO 8601',
  },

  validation: {
    'notifyOnArrival must be true or false': 'notifyOnArrival debe ser verdadero o falso',
    // docs/operations.md#frequent-visitors: recurring passes.
    'A pass can last at most 12 months': 'Un pase puede durar como máximo 12 meses',
    'Choose at least one day': 'Elige al menos un día',
    'End date is required': 'La fecha de fin es obligatoria',
    'End date must be a date (YYYY-MM-DD)': 'La fecha de fin debe ser una fecha (AAAA-MM-DD)',
    'End date must be on or after start date': 'La fecha de fin debe ser igual o posterior a la fecha de inicio',
    'Invalid weekday': 'Día de la semana no válido',
    'Month must be YYYY-MM': 'El mes debe tener el formato AAAA-MM',
    'Pass cannot be checked in: already inside': 'No se puede registrar la entrada del pase: ya está dentro',
    'Pass cannot be checked out: not inside': 'No se puede registrar la salida del pase: no está dentro',
    'Pass not found': 'Pase no encontrado',
    'Start date cannot be in the past': 'La fecha de inicio no puede estar en el pasado',
    'Start date is required': 'La fecha de inicio es obligatoria',
    'Start date must be a date (YYYY-MM-DD)': 'La fecha de inicio debe ser una fecha (AAAA-MM-DD)',
    'You can only create passes for your own house': 'Solo puedes crear pases para tu propia casa',
    // Blocklist (docs/operations.md#blocklist).
    'This visitor is on the community blocklist': 'Este visitante está en la lista de bloqueo de la comunidad',
    'Only an admin can override the blocklist': 'Solo un administrador puede anular la lista de bloqueo',
    'Notes are required to override the blocklist': 'Las notas son obligatorias para anular la lista de bloqueo',
    'Blocklist entry not found': 'No se encontró el registro de la lista de bloqueo',
    'Give a phone number or a licence plate': 'Indica un número de teléfono o una matrícula',
    'Reason is required': 'El motivo es obligatorio',
    'Reason must be at most 500 characters': 'El motivo puede tener como máximo 500 caracteres',
    'Phone number must be text': 'El número de teléfono debe ser texto',
    'Phone number must be at most 32 characters': 'El número de teléfono puede tener como máximo 32 caracteres',
    'Phone number contains characters that cannot be stored': 'El número de teléfono contiene caracteres que no se pueden guardar',
    'Licence plate must be text': 'La matrícula debe ser texto',
    'Licence plate must be at most 16 characters': 'La matrícula puede tener como máximo 16 caracteres',
    'Licence plate contains characters that cannot be stored': 'La matrícula contiene caracteres que no se pueden guardar',
    'override must be true or false': 'override debe ser true o false',
    // CSV exports (docs/operations.md#reports-exports-and-inside-now).
    'From must be a date (YYYY-MM-DD)': 'Desde debe ser una fecha (AAAA-MM-DD)',
    'Dates must be from 1900-01-01 to 2999-12-31': 'Las fechas deben estar entre 1900-01-01 y 2999-12-31',
    'To must be a date (YYYY-MM-DD)': 'Hasta debe ser una fecha (AAAA-MM-DD)',
    'The start date must not be after the end date': 'La fecha de inicio no puede ser posterior a la fecha de fin',
    // Reports (docs/operations.md#reports-exports-and-inside-now).
    'A report covers at most 366 days': 'Un informe abarca como máximo 366 días',
    'An export covers at most 366 days': 'Una exportación abarca como máximo 366 días',
    'Invalid house': 'Casa no válida',
    'Invalid gate': 'Entrada no válida',
    // Gates (docs/operations.md#gates).
    'A gate with this name already exists': 'Ya existe una entrada con este nombre',
    'A community can have at most 200 gates': 'Una comunidad puede tener como máximo 200 entradas',
    'Gate name is required': 'El nombre de la entrada es obligatorio',
    'Gate name must be at most 60 characters': 'El nombre de la entrada puede tener como máximo 60 caracteres',
    'Gate name contains characters that cannot be stored': 'El nombre de la entrada contiene caracteres que no se pueden guardar',
    'Gate not found': 'No se encontró la entrada',
    'Unknown gate': 'Entrada desconocida',
    // Webhooks (docs/api.md#webhooks).
    'Webhook not found': 'No se encontró el webhook',
    'Delivery not found': 'No se encontró el envío',
    'Webhook URL is required': 'La URL del webhook es obligatoria',
    'Webhook URL must be a valid URL': 'La URL del webhook debe ser una URL válida',
    'Webhook URL must use http or https': 'La URL del webhook debe usar http o https',
    'Webhook URL must be a public address': 'La URL del webhook debe ser una dirección pública',
    'Webhook URL host could not be resolved': 'No se pudo resolver el servidor de la URL del webhook',
    'Webhook URL must be at most 2000 characters': 'La URL del webhook puede tener como máximo 2000 caracteres',
    'Webhook URL contains characters that cannot be stored': 'La URL del webhook contiene caracteres que no se pueden guardar',
    'Choose at least one event': 'Elige al menos un evento',
    'Unknown event type': 'Tipo de evento desconocido',
    // Dues ledger (docs/operations.md#dues-ledger).
    'Description is required': 'La descripción es obligatoria',
    'Due date is required': 'La fecha de vencimiento es obligatoria',
    'Select at least one house': 'Selecciona al menos una casa',
    'At most 1000 houses at once': 'Como máximo 1000 casas a la vez',
    'houseIds must be a list of house ids': 'houseIds debe ser una lista de ids de casas',
    'Method must be cash, cheque, bank-transfer, card or other':
      'El método debe ser cash, cheque, bank-transfer, card u other',
    'Reference must be at most 100 characters': 'La referencia debe tener como máximo 100 caracteres',
    'Reference must be text': 'La referencia debe ser texto',
    'Reference contains characters that cannot be stored':
      'La referencia contiene caracteres que no se pueden guardar',
    'Paid at must be a date and time with a time zone (ISO 8601)':
      'La fecha de pago debe ser una fecha y hora con zona horaria (ISO 8601)',
    'overdue must be true or false': 'overdue debe ser true o false',
    'mine must be true or false': 'mine debe ser true o false',
    // Required fields.
    'Name is required': 'El nombre es obligatorio',
    'Visitor name is required': 'El nombre del visitante es obligatorio',
    'Email is required': 'El correo electrónico es obligatorio',
    'Community is required': 'La comunidad es obligatoria',
    'This community is suspended': 'Esta comunidad está suspendida',
    'You are not a member of this community': 'No eres miembro de esta comunidad',
    'Community not found': 'No se encontró la comunidad',
    'Only operators can do this': 'Solo los operadores pueden hacer esto',
    'Slug is already taken': 'Ese identificador ya está en uso',
    'Admin is required': 'El administrador es obligatorio',
    'Community name contains characters that cannot be stored': 'El nombre de la comunidad contiene caracteres que no se pueden guardar',
    'Community name is required': 'El nombre de la comunidad es obligatorio',
    'Community name must be at most 100 characters': 'El nombre de la comunidad debe tener como máximo 100 caracteres',
    'Slug must be 3 to 40 characters of a-z, 0-9 and -': 'El identificador debe tener de 3 a 40 caracteres de a-z, 0-9 y -',
    'Status must be active or suspended': 'El estado debe ser active o suspended',
    'Time zone must be an IANA time zone, e.g. Asia/Kolkata': 'La zona horaria debe ser una zona IANA, p. ej. Asia/Kolkata',
    'all must be true or false': 'all debe ser true o false',
    'allowSignup must be true or false': 'allowSignup debe ser true o false',
    'currency must be an ISO 4217 code, e.g. USD': 'currency debe ser un código ISO 4217, p. ej. USD',
    'earlyCheckInMinutes must be a whole number from 0 to 1440': 'earlyCheckInMinutes debe ser un número entero de 0 a 1440',
    'visitorRetentionDays must be a whole number from 1 to 36500': 'visitorRetentionDays debe ser un número entero de 1 a 36500',
    'walkInApprovalMinutes must be a whole number from 1 to 1440': 'walkInApprovalMinutes debe ser un número entero de 1 a 1440',
    'walkInEscalateSeconds must be a whole number from 0 to 86400': 'walkInEscalateSeconds debe ser un número entero de 0 a 86400',
    'Password is required': 'La contraseña es obligatoria',
    'Current password is required': 'La contraseña actual es obligatoria',
    'Phone number is required': 'El número de teléfono es obligatorio',
    'House number is required': 'El número de casa es obligatorio',
    'Block is required': 'El bloque es obligatorio',
    'Street is required': 'La calle es obligatoria',
    'Owner is required': 'El propietario es obligatorio',
    'User is required': 'El usuario es obligatorio',
    'License plate is required': 'La placa es obligatoria',
    'Make is required': 'La marca es obligatoria',
    'Model is required': 'El modelo es obligatorio',
    'Color is required': 'El color es obligatorio',
    'Visit date is required': 'La fecha de visita es obligatoria',
    'Start time is required': 'La hora de inicio es obligatoria',
    'End time is required': 'La hora de fin es obligatoria',
    'Visitor id is required': 'El identificador del visitante es obligatorio',
    'Amount is required': 'El monto es obligatorio',
    'Please select a house': 'Selecciona una casa',
    'Please enter a token': 'Ingresa un token',

    // Formats and rules.
    'Invalid email format': 'Formato de correo electrónico no válido',
    'Invalid phone number format': 'Formato de número de teléfono no válido',
    'Password must be at least 6 characters': 'La contraseña debe tener al menos 6 caracteres',
    'Name must be at least 2 characters': 'El nombre debe tener al menos 2 caracteres',
    'Passwords do not match': 'Las contraseñas no coinciden',
    'Current password is incorrect': 'La contraseña actual es incorrecta',
    'Visit date must be a date (YYYY-MM-DD)': 'La fecha de visita debe ser una fecha (AAAA-MM-DD)',
    'Due date must be a date (YYYY-MM-DD)':
      'La fecha de vencimiento debe ser una fecha (AAAA-MM-DD)',
    'Start time must be a time (HH:MM)': 'La hora de inicio debe ser una hora (HH:MM)',
    'End time must be a time (HH:MM)': 'La hora de fin debe ser una hora (HH:MM)',
    'End time must be after start time': 'La hora de fin debe ser posterior a la hora de inicio',
    'Amount must be a number': 'El monto debe ser un número',
    'Amount must be greater than 0': 'El monto debe ser mayor que 0',
    'Amount must be at most 1,000,000': 'El monto debe ser como máximo 1,000,000',
    'Amount must have at most 2 decimals': 'El monto puede tener como máximo 2 decimales',
    'Type must be maintenance, amenity, fine or other':
      'El tipo debe ser mantenimiento, amenidad, multa u otro',
    'Photo must be a JPEG of at most 200 KB': 'La foto debe ser un JPEG de 200 KB como máximo',
    'Invalid role': 'Rol no válido',
    'Invalid status': 'Estado no válido',
    'Invalid payment status': 'Estado de pago no válido',
    'Invalid action': 'Acción no válida',
    'Invalid actor': 'Usuario no válido',
    'Invalid target type': 'Tipo de destino no válido',
    'Invalid target': 'Elemento no válido',
    'Invalid push endpoint': 'Dirección de notificaciones push no válida',
    'House must be an id': 'La casa debe ser un identificador',

    // Business rules on a field, checked by the server (validationError).
    'Visit date cannot be in the past': 'La fecha de visita no puede estar en el pasado',
    'Visit date can be at most one year ahead':
      'La fecha de visita puede ser como máximo dentro de un año',
    'End time has already passed': 'La hora de fin ya pasó',
    'A reason is required when the gate approves a walk-in':
      'Se requiere un motivo cuando la portería aprueba una visita sin invitación',

    // Ids that are not found.
    'Not found': 'No encontrado',
    'House not found': 'No se encontró la casa',
    'User not found': 'No se encontró al usuario',
    'Resident not found': 'No se encontró al residente',
    'Vehicle not found': 'No se encontró el vehículo',
    'Visitor not found': 'No se encontró al visitante',
    'Payment not found': 'No se encontró el pago',
    'Notification not found': 'No se encontró la notificación',

    // Too long: `<Field> must be at most N characters`.
    'Name must be at most 100 characters': 'El nombre debe tener como máximo 100 caracteres',
    'Email must be at most 254 characters':
      'El correo electrónico debe tener como máximo 254 caracteres',
    'Password must be at most 128 characters':
      'La contraseña debe tener como máximo 128 caracteres',
    'House number must be at most 20 characters':
      'El número de casa debe tener como máximo 20 caracteres',
    'Block must be at most 20 characters': 'El bloque debe tener como máximo 20 caracteres',
    'Street must be at most 200 characters': 'La calle debe tener como máximo 200 caracteres',
    'License plate must be at most 16 characters': 'La placa debe tener como máximo 16 caracteres',
    'Vehicle license plate must be at most 16 characters':
      'La placa del vehículo debe tener como máximo 16 caracteres',
    'Make must be at most 50 characters': 'La marca debe tener como máximo 50 caracteres',
    'Model must be at most 50 characters': 'El modelo debe tener como máximo 50 caracteres',
    'Color must be at most 50 characters': 'El color debe tener como máximo 50 caracteres',
    'Purpose must be at most 500 characters': 'El propósito debe tener como máximo 500 caracteres',
    'Description must be at most 500 characters':
      'La descripción debe tener como máximo 500 caracteres',
    'Notes must be at most 1000 characters': 'Las notas deben tener como máximo 1000 caracteres',
    'Reason must be at most 200 characters': 'El motivo debe tener como máximo 200 caracteres',
    'Search text must be at most 100 characters':
      'El texto de búsqueda debe tener como máximo 100 caracteres',

    // Characters that cannot be stored: `<Field> contains characters that cannot be stored`.
    'Name contains characters that cannot be stored':
      'El nombre contiene caracteres que no se pueden guardar',
    'Password contains characters that cannot be stored':
      'La contraseña contiene caracteres que no se pueden guardar',
    'House number contains characters that cannot be stored':
      'El número de casa contiene caracteres que no se pueden guardar',
    'Block contains characters that cannot be stored':
      'El bloque contiene caracteres que no se pueden guardar',
    'Street contains characters that cannot be stored':
      'La calle contiene caracteres que no se pueden guardar',
    'License plate contains characters that cannot be stored':
      'La placa contiene caracteres que no se pueden guardar',
    'Vehicle license plate contains characters that cannot be stored':
      'La placa del vehículo contiene caracteres que no se pueden guardar',
    'Make contains characters that cannot be stored':
      'La marca contiene caracteres que no se pueden guardar',
    'Model contains characters that cannot be stored':
      'El modelo contiene caracteres que no se pueden guardar',
    'Color contains characters that cannot be stored':
      'El color contiene caracteres que no se pueden guardar',
    'Purpose contains characters that cannot be stored':
      'El propósito contiene caracteres que no se pueden guardar',
    'Description contains characters that cannot be stored':
      'La descripción contiene caracteres que no se pueden guardar',
    'Notes contains characters that cannot be stored':
      'Las notas contienen caracteres que no se pueden guardar',
    'Reason contains characters that cannot be stored':
      'El motivo contiene caracteres que no se pueden guardar',
    'Search text contains characters that cannot be stored':
      'El texto de búsqueda contiene caracteres que no se pueden guardar',

    // Not text: `<Field> must be text`.
    'Purpose must be text': 'El propósito debe ser texto',
    'Vehicle license plate must be text': 'La placa del vehículo debe ser texto',
    'Description must be text': 'La descripción debe ser texto',
    'Notes must be text': 'Las notas deben ser texto',
    'Reason must be text': 'El motivo debe ser texto',

    // Parameters of the API (their names stay as they are).
    'q must be text': 'q debe ser texto',
    'limit must be a number': 'limit debe ser un número',
    'limit must be a whole number': 'limit debe ser un número entero',
    'offset must be a number': 'offset debe ser un número',
    'offset must be a whole number': 'offset debe ser un número entero',
    'offset must not be negative': 'offset no puede ser negativo',
    'offset is too large': 'offset es demasiado grande',
    'isActive must be true or false': 'isActive debe ser true o false',
    'walkIns must be true or false': 'walkIns debe ser true o false',
    'checkIns must be true or false': 'checkIns debe ser true o false',
    'checkOuts must be true or false': 'checkOuts debe ser true o false',

    // The offline gate (docs/gate.md#recording-moves-offline).
    'Idempotency-Key must be 1 to 100 printable characters': 'La clave Idempotency-Key debe tener de 1 a 100 caracteres imprimibles',
    'Review not found': 'No se encontró la revisión',
    'since must be a cursor from the gate pack': 'since debe ser un cursor del paquete de la entrada',
    'Action must be check-in or check-out': 'La acción debe ser entrada o salida',
    'Message is required': 'El mensaje es obligatorio',
    'Code must be an error code': 'El código debe ser un código de error',
    'Details must be the fields at fault or a refusal’s values': 'Los detalles deben ser los campos con errores o los valores de un rechazo',
    'Message must be at most 500 characters': 'El mensaje puede tener como máximo 500 caracteres',
    'Message contains characters that cannot be stored': 'El mensaje contiene caracteres que no se pueden guardar',
    'Note is required': 'La nota es obligatoria',
    'Note must be at most 500 characters': 'La nota puede tener como máximo 500 caracteres',
    'Note contains characters that cannot be stored': 'La nota contiene caracteres que no se pueden guardar',
    'occurredAt must be an ISO 8601 instant': 'La hora del registro debe ser un instante ISO 8601',
    'occurredAt is out of range': 'La hora del registro está fuera del rango permitido',
    // API tokens (docs/api.md#api-tokens).
    'Role must be guard or admin': 'El rol debe ser guardia o administrador',
    'Expiry must be an ISO 8601 instant': 'El vencimiento debe ser un instante ISO 8601',
    'Expiry must be in the future': 'El vencimiento debe estar en el futuro',
    'Expiry must be at most 2 years ahead': 'El vencimiento puede ser como máximo dentro de 2 años',
    'API token id is required': 'El id del token de API es obligatorio',
    'Invalid API token': 'Token de API no válido',
  },
} satisfies Catalog;
