/**
 * HTML pages of the login service, translated fr/en/it (i18n/login/*.ts): sign-in, profile
 * (names, email, password) and terms of use. Forms post back with the CSRF token; pages that need a
 * user redirect to sign-in with `next` pointing back to them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../../schemas/constants.ts';
import { listApiTokens, type ApiToken } from '../auth/api-tokens.ts';
import { checkPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../schemas/password.ts';
import { users } from '../../../schemas/users.ts';
import { sanitizeText } from '../../../schemas/validators.ts';
import { safeNext } from '../auth/safe-next.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeAfterPasswordChange } from '../auth/tokens.ts';
import { translateValidation } from '../crud/index.ts';
import { inTransaction } from '../db/pool.ts';
import { ValidationError, notAuthenticated } from '../http/errors.ts';
import { interpolate, loginStrings, t, type LoginStrings } from '../i18n.ts';
import { CSRF_FIELD } from '../plugins/csrf.ts';
import { html, page, type SafeHtml } from '../http/html.ts';
import { fieldsJsonSchema } from '../openapi/json-schema.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';

type Query = { next?: string; saved?: string; signed_out?: string };
/** The pages' `next`: where to go once done (safeNext keeps it on this platform). */
export const NEXT_QUERY = { type: 'string', description: 'Where to go once done (a path of this platform)' };
type Form = Record<string, string | undefined>;

/** Form or JSON body as strings only: anything else (numbers, arrays, objects) reads as missing. */
export function asForm(body: unknown): Form {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  return Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === 'string'));
}

function objectOf(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export function withQuery(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export function respond(reply: FastifyReply, body: string, status = 200) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

function hiddenFields(request: FastifyRequest, next: string | undefined): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${request.csrfToken}">${
    next ? html`<input type="hidden" name="next" value="${next}">` : ''
  }`;
}

function alert(kind: 'error' | 'success', message: string | null | undefined): SafeHtml | '' {
  if (!message) return '';
  return html`<div class="alert alert-${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${message}</div>`;
}

function fieldError(id: string, message: string | undefined): SafeHtml | '' {
  return message ? html`<p class="error" id="${id}-error">${message}</p>` : '';
}

function described(id: string, message: string | undefined): SafeHtml | '' {
  return message ? html` aria-invalid="true" aria-describedby="${id}-error"` : '';
}

function renderPage(request: FastifyRequest, strings: LoginStrings, path: string, title: string, body: SafeHtml, query: Query) {
  const locale = request.locale;
  return page({
    locale,
    title,
    appName: strings.common.appName,
    languageLabel: strings.common.language,
    localeHref: (other: Locale) => withQuery(`/${other}${path}`, { next: query.next }),
    body,
  });
}

export function renderSignin(
  request: FastifyRequest,
  options: { username?: string; next?: string; error?: 'invalidCredentials' | 'tooManyAttempts' | 'csrf'; signedOut?: boolean },
): string {
  const s = loginStrings(request.locale);
  const next = options.next || undefined;
  const error = options.error === 'csrf' ? s.common.csrf : options.error ? s.signin[options.error] : null;
  const body = html`
${alert('success', options.signedOut && !error ? t(request.locale, 'signedOut') : null)}
<p class="muted">${s.signin.intro}</p>
${alert('error', error)}
<form method="post" action="/${request.locale}/login/signin/" novalidate>
${hiddenFields(request, next)}
<label for="username">${s.signin.username}</label>
<input type="text" id="username" name="username" value="${options.username ?? ''}" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus>
<label for="password">${s.signin.password}</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<button type="submit">${s.signin.submit}</button>
</form>`;
  return renderPage(request, s, '/login/signin/', s.signin.title, body, { next });
}

function redirectToSignin(request: FastifyRequest, reply: FastifyReply, next: string) {
  return reply.redirect(withQuery(`/${request.locale}/login/signin/`, { next }), request.method === 'GET' ? 302 : 303);
}

function isForm(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

interface ProfileErrors {
  first_name?: string;
  last_name?: string;
  email?: string;
  current_password?: string;
  new_password?: string;
  confirm_password?: string;
}

/** The profile page's "API tokens" section: the user's tokens, a key just created, the creation form's errors. */
export interface TokenSection {
  tokens: ApiToken[];
  created?: ApiToken & { key: string };
  errors?: Partial<Record<'name' | 'expires_in_days' | 'scope', string>>;
  values?: Record<string, string>;
}

function formatDate(locale: Locale, date: Date | null, never: string): string {
  return date ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(date) : never;
}

/** `next`: where the profile page leads back to in the app, kept through the section's forms. */
function renderTokens(request: FastifyRequest, section: TokenSection, next: string | undefined): SafeHtml {
  const s = loginStrings(request.locale);
  const locale = request.locale;
  const errors = section.errors ?? {};
  const values = section.values ?? {};
  const created = section.created;
  const option = (value: string, label: string, field: string, fallback: string) =>
    html`<option value="${value}"${(values[field] ?? fallback) === value ? html` selected` : ''}>${label}</option>`;
  const rows = section.tokens.map(
    (token) => html`<tr>
<td>${token.name}<br><code class="muted">${token.prefix}…</code></td>
<td>${token.scope === 'read' ? s.tokens.scopeRead : s.tokens.scopeWrite}</td>
<td>${formatDate(locale, token.created_at, s.tokens.never)}</td>
<td>${formatDate(locale, token.expires_at, s.tokens.never)}${token.expires_at.getTime() <= Date.now() ? html` <strong class="error">${s.tokens.expired}</strong>` : ''}</td>
<td>${formatDate(locale, token.last_used_at, s.tokens.never)}</td>
<td><a href="${withQuery(`/${locale}/login/profile/tokens/${token.id}/revoke/`, { next })}">${s.tokens.revoke}<span class="visually-hidden"> ${token.name}</span></a></td>
</tr>`,
  );
  return html`
<h2 id="api-tokens">${s.tokens.title}</h2>
<p class="muted">${s.tokens.intro}</p>
${
  created
    ? html`<div class="alert alert-success" role="status">
<p><strong>${s.tokens.createdTitle}</strong></p>
<p>${s.tokens.createdWarning}</p>
<label for="new-token-key">${s.tokens.key}</label>
<input type="text" id="new-token-key" value="${created.key}" readonly spellcheck="false" autocomplete="off">
<button type="button" data-copy="new-token-key">${s.tokens.copy}</button>
</div>
<script src="/${locale}/login/assets/copy.js" defer></script>`
    : ''
}
${
  section.tokens.length > 0
    ? // Wider than a phone: the table (and its hidden labels, positioned) scrolls within the page, not the page sideways.
      html`<div class="table-scroll"><table>
<caption class="visually-hidden">${s.tokens.title}</caption>
<thead><tr><th scope="col">${s.tokens.name}</th><th scope="col">${s.tokens.scope}</th><th scope="col">${s.tokens.createdAt}</th><th scope="col">${s.tokens.expiresAt}</th><th scope="col">${s.tokens.lastUsedAt}</th><th scope="col"><span class="visually-hidden">${s.tokens.revoke}</span></th></tr></thead>
<tbody>${rows}</tbody>
</table></div>`
    : html`<p>${s.tokens.none}</p>`
}
<h3>${s.tokens.createTitle}</h3>
<form method="post" action="/${locale}/login/profile/tokens/">
${hiddenFields(request, next)}
<label for="token-name">${s.tokens.name}</label>
<input type="text" id="token-name" name="name" value="${values.name ?? ''}" maxlength="100" required${described('token-name', errors.name)}>
${fieldError('token-name', errors.name)}
<label for="token-expiry">${s.tokens.expiry}</label>
<select id="token-expiry" name="expires_in_days"${described('token-expiry', errors.expires_in_days)}>
${option('30', s.tokens.days30, 'expires_in_days', '90')}${option('90', s.tokens.days90, 'expires_in_days', '90')}${option('365', s.tokens.days365, 'expires_in_days', '90')}
</select>
${fieldError('token-expiry', errors.expires_in_days)}
<label for="token-scope">${s.tokens.scope}</label>
<select id="token-scope" name="scope"${described('token-scope', errors.scope)}>
${option('read', s.tokens.scopeRead, 'scope', 'read')}${option('write', s.tokens.scopeWrite, 'scope', 'read')}
</select>
${fieldError('token-scope', errors.scope)}
<button type="submit">${s.tokens.create}</button>
</form>`;
}

/** The confirmation before a token is revoked. */
export function renderTokenRevoke(request: FastifyRequest, token: ApiToken, next: string | undefined): string {
  const s = loginStrings(request.locale);
  const body = html`
<p>${interpolate(s.tokens.revokeConfirm, { name: token.name })}</p>
<form method="post" action="/${request.locale}/login/profile/tokens/${token.id}/revoke/">
${hiddenFields(request, next)}
<button type="submit">${s.tokens.revoke}</button>
</form>
<p><a href="${withQuery(`/${request.locale}/login/profile/`, { next })}#api-tokens">${s.tokens.cancel}</a></p>`;
  return renderPage(request, s, `/login/profile/tokens/${token.id}/revoke/`, s.tokens.revokeTitle, body, {});
}

export function renderProfile(
  request: FastifyRequest,
  query: Query,
  values: { first_name: string; last_name: string },
  errors: ProfileErrors = {},
  tokens: TokenSection = { tokens: [] },
): string {
  const s = loginStrings(request.locale);
  const user = request.user!;
  const next = query.next || undefined;
  const saved =
    query.saved === 'profile' ? s.profile.saved : query.saved === 'password' ? s.profile.passwordChanged : query.saved === 'token-revoked' ? s.tokens.revoked : null;
  const text = (id: 'first_name' | 'last_name', label: string, autocomplete: string) => html`
<label for="${id}">${label}</label>
<input type="text" id="${id}" name="${id}" value="${values[id]}" autocomplete="${autocomplete}"${described(id, errors[id])}>
${fieldError(id, errors[id])}`;
  const password = (id: 'current_password' | 'new_password' | 'confirm_password', label: string, autocomplete: string) => html`
<label for="${id}">${label}</label>
<input type="password" id="${id}" name="${id}" autocomplete="${autocomplete}" required${described(id, errors[id])}>
${fieldError(id, errors[id])}`;
  const body = html`
${alert('success', saved)}
<h2>${s.profile.identityTitle}</h2>
<p><span class="muted">${interpolate(s.profile.labelled, { label: s.profile.username })}</span> <strong>${user.username}</strong></p>
<p id="email"><span class="muted">${interpolate(s.profile.labelled, { label: s.profile.email })}</span> <strong>${user.email}</strong></p>
<p class="muted">${s.profile.emailManaged}</p>
${fieldError('email', errors.email)}
<form method="post" action="/${request.locale}/login/profile/">
${hiddenFields(request, next)}
${text('first_name', s.profile.firstName, 'given-name')}
${text('last_name', s.profile.lastName, 'family-name')}
<button type="submit">${s.profile.save}</button>
</form>
<h2>${s.profile.passwordTitle}</h2>
<form method="post" action="/${request.locale}/login/profile/password/">
${hiddenFields(request, next)}
${password('current_password', s.profile.currentPassword, 'current-password')}
${password('new_password', s.profile.newPassword, 'new-password')}
${password('confirm_password', s.profile.confirmPassword, 'new-password')}
<button type="submit">${s.profile.changePassword}</button>
</form>
${renderTokens(request, tokens, next)}
<p><a href="${safeNext(next)}">${s.common.backToApp}</a> · <a href="${withQuery(`/${request.locale}/login/session/signout/`, {
    next: withQuery(`/${request.locale}/login/signin/`, { next }),
  })}">${s.common.signout}</a></p>`;
  return renderPage(request, s, '/login/profile/', s.profile.title, body, query);
}

/**
 * Asked when another site sent the browser to sign-out: a link elsewhere must not end the session
 * (and revoke its tokens) without the person's word. The button is a same-site request.
 */
export function renderSignoutConfirmation(request: FastifyRequest, next: string | undefined): string {
  const s = loginStrings(request.locale);
  const body = html`
<p>${s.signout.question}</p>
<p><a class="button" href="${withQuery(`/${request.locale}/login/session/signout/`, { next })}">${s.signout.confirm}</a></p>
<p><a href="/publish/${request.locale}/">${s.common.backToApp}</a></p>`;
  return renderPage(request, s, '/login/session/signout/', s.signout.title, body, { next });
}

function renderTerms(request: FastifyRequest, query: Query, termsVersion: string): string {
  const s = loginStrings(request.locale);
  const user = request.user!;
  const next = query.next || undefined;
  const accepted = user.terms_version === termsVersion && user.terms_accepted_at;
  const date = accepted ? new Intl.DateTimeFormat(request.locale, { dateStyle: 'long' }).format(user.terms_accepted_at!) : '';
  const body = html`
<p class="muted">${interpolate(s.terms.version, { version: termsVersion })}</p>
<p>${s.terms.paragraph1}</p>
<p>${s.terms.paragraph2}</p>
<p>${s.terms.paragraph3}</p>
${
  accepted
    ? html`${alert('success', interpolate(s.terms.accepted, { date }))}<p><a href="${safeNext(next)}">${s.terms.continue}</a></p>`
    : html`<form method="post" action="/${request.locale}/login/terms/">
${hiddenFields(request, next)}
<button type="submit">${s.terms.accept}</button>
</form>`
}`;
  return renderPage(request, s, '/login/terms/', s.terms.title, body, query);
}

/** The names a profile form or JSON body gives, sanitised as every text field; a JSON body may leave one out to keep it. */
function profileValues(form: Form, current: { first_name: string; last_name: string }, json: boolean) {
  const value = (field: 'first_name' | 'last_name') => (json && form[field] === undefined ? current[field] : sanitizeText(form[field] ?? ''));
  return { first_name: value('first_name'), last_name: value('last_name') };
}

const text = { type: 'string' };
const PROFILE_DOC = {
  summary: "Change one's names (the address is the administrators' to change: only the current one is taken)",
  // Names as a user's record takes them, not empty; the e-mail address only as it stands.
  body: {
    type: 'object',
    properties: Object.fromEntries(Object.entries(fieldsJsonSchema(users, ['first_name', 'last_name', 'email'])).map(([name, schema]) => [name, name === 'email' ? schema : { ...schema, minLength: 1 }])),
  },
  response: { type: 'object', required: ['first_name', 'last_name', 'email'], properties: { first_name: text, last_name: text, email: text } },
};
const PASSWORD_DOC = {
  summary: "Change one's password: other sessions end and sign-in tokens are revoked",
  body: {
    type: 'object',
    required: ['current_password', 'new_password', 'confirm_password'],
    properties: { current_password: text, new_password: { ...text, minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, description: "Not easily guessed, and without the username or the e-mail address's local part" }, confirm_password: text },
  },
  response: { type: 'object', required: ['detail'], properties: { detail: text } },
};
const TERMS_DOC = {
  summary: 'Accept the terms of use in force',
  optionalBody: true,
  response: { type: 'object', required: ['terms_accepted', 'terms_version'], properties: { terms_accepted: { const: true }, terms_version: text } },
};
/** A profile page's form, also taken as JSON: JSON answers 200 and its body, the page's form a redirection. */
const formOrJson = (doc: RouteDoc) => ({
  config: { auth: 'optional' as const, openapi: { ...doc, form: { fields: ['next'] }, also: { 303: { description: 'Sent as the page\'s form (application/x-www-form-urlencoded): back to the page; its mistakes answer the page again, 400' } } } },
});

export default async function loginPages(app: FastifyInstance) {
  const pageConfig = { config: { auth: 'optional' as const } };
  // The login service's own pages: HTML for people; signed out, they are sent to the sign-in page.
  const htmlPage = (summary: string, query: RouteDoc['query']) => ({
    config: { ...pageConfig.config, openapi: { summary, query, produces: ['text/html'], also: { 302: { description: 'Not signed in: to the sign-in page, coming back after' } } } },
  });

  app.get<{ Querystring: Query }>(
    '/login/signin/',
    {
      config: {
        auth: 'none',
        openapi: {
          summary: 'The sign-in page',
          query: { next: NEXT_QUERY, signed_out: { enum: ['1'], description: 'Come from signing out: the page says the user is signed out' } },
          produces: ['text/html'],
        },
      },
    },
    async (request, reply) => respond(reply, renderSignin(request, { next: request.query.next, signedOut: request.query.signed_out === '1' })),
  );

  app.get<{ Querystring: Query }>('/login/profile/', htmlPage('The profile page: names, password, API tokens', { next: NEXT_QUERY, saved: { enum: ['profile', 'password', 'token-revoked'], description: 'The change just made, to confirm' } }), async (request, reply) => {
    if (!request.user) return redirectToSignin(request, reply, request.url);
    return respond(reply, renderProfile(request, request.query, request.user, {}, { tokens: await listApiTokens(app.db, request.user.id) }));
  });

  app.post('/login/profile/', formOrJson(PROFILE_DOC), async (request, reply) => {
    const form = asForm(request.body);
    const next = form.next || undefined;
    if (!request.user) {
      if (!isForm(request)) throw notAuthenticated();
      return redirectToSignin(request, reply, withQuery(`/${request.locale}/login/profile/`, { next }));
    }
    const s = loginStrings(request.locale);
    const values = profileValues(form, request.user, !isForm(request));
    const errors: ProfileErrors = {};
    // Names are required and as long at most as on the users' records.
    for (const field of ['first_name', 'last_name'] as const) {
      const max = users.fields[field].maxLength!;
      if (values[field] === '') errors[field] = translateValidation(request.locale, 'validation.required');
      else if (values[field].length > max) errors[field] = translateValidation(request.locale, 'validation.maxLength', { max });
    }
    // A JSON client's value that is not text is refused, never read as an empty field.
    const body = objectOf(request.body);
    for (const field of ['first_name', 'last_name', 'email'] as const) {
      if (Object.hasOwn(body, field) && typeof body[field] !== 'string') errors[field] = translateValidation(request.locale, 'validation.invalid');
    }
    // The address is the administrators' to set: nothing proves a new one is the person's own, and
    // invitations and look-ups trust it. The current one may be sent back as it is.
    if (errors.email === undefined && typeof body.email === 'string' && body.email.trim().toLowerCase() !== request.user.email.toLowerCase()) {
      errors.email = s.profile.emailManaged;
    }
    if (Object.keys(errors).length > 0) {
      if (!isForm(request)) throw new ValidationError(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])));
      return respond(reply, renderProfile(request, { next }, values, errors, { tokens: await listApiTokens(app.db, request.user.id) }), 400);
    }
    await app.db.query('UPDATE users SET first_name = $1, last_name = $2 WHERE id = $3', [values.first_name, values.last_name, request.user.id]);
    if (!isForm(request)) return { ...values, email: request.user.email };
    return reply.redirect(withQuery(`/${request.locale}/login/profile/`, { saved: 'profile', next }), 303);
  });

  app.post('/login/profile/password/', formOrJson(PASSWORD_DOC), async (request, reply) => {
    const form = asForm(request.body);
    const next = form.next || undefined;
    if (!request.user) {
      if (!isForm(request)) throw notAuthenticated();
      return redirectToSignin(request, reply, withQuery(`/${request.locale}/login/profile/`, { next }));
    }
    const s = loginStrings(request.locale);
    try {
      await app.passwordCheckThrottle(request, reply);
    } catch (error) {
      if (!isForm(request)) throw error;
      const throttled = { current_password: s.signin.tooManyAttempts };
      return respond(reply, renderProfile(request, { next }, request.user, throttled, { tokens: await listApiTokens(app.db, request.user.id) }), 429);
    }
    const current = form.current_password ?? '';
    const fresh = form.new_password ?? '';
    const errors: ProfileErrors = {};
    const { rows } = await app.db.query<{ password: string }>('SELECT password FROM users WHERE id = $1', [request.user.id]);
    if (!current) errors.current_password = s.common.required;
    else if (!(await verifyPassword(current, rows[0].password))) errors.current_password = s.profile.wrongPassword;
    // The rule of every password (schemas/password.ts); a JSON body's non-string value is a type error.
    const problem = await checkPassword(objectOf(request.body).new_password ?? '', request.user);
    if (problem) errors.new_password = translateValidation(request.locale, problem.message, problem.params);
    else if (fresh !== (form.confirm_password ?? '')) errors.confirm_password = s.profile.passwordMismatch;
    if (Object.keys(errors).length > 0) {
      if (!isForm(request)) throw new ValidationError(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])));
      return respond(reply, renderProfile(request, { next }, request.user, errors, { tokens: await listApiTokens(app.db, request.user.id) }), 400);
    }
    const hash = await hashPassword(fresh);
    const userId = request.user.id;
    const keptSession = request.authMethod === 'session' ? request.sessionToken : null;
    // Other browsers signed in with the old password are signed out, and API tokens revoked, with
    // the change: a new password never stands while what the old one opened still works.
    await inTransaction(app.db, async (client) => {
      await client.query('UPDATE users SET password = $1 WHERE id = $2', [hash, userId]);
      await revokeAfterPasswordChange(client, userId, keptSession);
    });
    if (!isForm(request)) return { detail: s.profile.passwordChanged };
    return reply.redirect(withQuery(`/${request.locale}/login/profile/`, { saved: 'password', next }), 303);
  });

  app.get<{ Querystring: Query }>('/login/terms/', htmlPage('The terms of use, to accept', { next: NEXT_QUERY }), async (request, reply) => {
    if (!request.user) return redirectToSignin(request, reply, request.url);
    return respond(reply, renderTerms(request, request.query, app.config.termsVersion));
  });

  app.post('/login/terms/', formOrJson(TERMS_DOC), async (request, reply) => {
    const next = asForm(request.body).next || undefined;
    if (!request.user) {
      if (!isForm(request)) throw notAuthenticated();
      return redirectToSignin(request, reply, withQuery(`/${request.locale}/login/terms/`, { next }));
    }
    await app.db.query('UPDATE users SET terms_version = $1, terms_accepted_at = now() WHERE id = $2', [
      app.config.termsVersion,
      request.user.id,
    ]);
    if (!isForm(request)) return { terms_accepted: true, terms_version: app.config.termsVersion };
    return reply.redirect(safeNext(next), 303);
  });
}
