/**
 * The fake Singpass's login page (oidc-provider's interaction): pick a demo persona or cancel. Consent
 * is granted at once for the scopes asked for (real Singpass shows a consent screen; the demo does not
 * need one). Plain HTML, one column, readable at 360 px; each persona is a submit button whose
 * accessible name starts with the persona's name, so a browser test can press it by name.
 *   GET  /interaction/:uid          the page
 *   POST /interaction/:uid/login    persona=<sub>: logged in, consent granted, back to the client
 *   POST /interaction/:uid/cancel   back to the client with error=access_denied
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { readBody } from '../local-server';
import { FAKE_SINGPASS_PERSONAS, findPersona } from './fake-singpass-personas';

export async function handleInteraction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
) {
  const [, , uid, action] = path.split('/');
  try {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid)
      return sendHtml(res, 400, errorPage('This login page is out of date. Start again.'));
    if (req.method === 'GET' && action === undefined) return sendHtml(res, 200, loginPage(uid));
    if (req.method === 'POST' && action === 'cancel') {
      return await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the login' },
        { mergeWithLastSubmission: false },
      );
    }
    if (req.method === 'POST' && action === 'login') {
      const persona = findPersona(new URLSearchParams(await readBody(req)).get('persona') ?? '');
      if (!persona) return sendHtml(res, 400, errorPage('Pick one of the demo people.'));
      const clientId = String(details.params.client_id);
      const grant = new provider.Grant({ accountId: persona.sub, clientId });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      return await provider.interactionFinished(
        req,
        res,
        { login: { accountId: persona.sub, remember: false }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    }
    return sendHtml(res, 405, errorPage('Not a login action.'));
  } catch (error) {
    // SessionNotFound and the like: the interaction cookie is gone or expired.
    const message =
      (error as { name?: string }).name === 'SessionNotFound' ? 'This login has expired.' : 'Login failed.';
    return sendHtml(res, 400, errorPage(`${message} Go back to the booking and start again.`));
  }
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
  });
  res.end(html);
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1a1a; background: #f4f4f4; }
  header { background: #c8102e; color: #fff; padding: 12px 16px; }
  header strong { font-size: 1.25rem; }
  header p { margin: 0; font-size: .875rem; }
  main { max-width: 480px; margin: 0 auto; padding: 16px; }
  h1 { font-size: 1.25rem; margin: 0 0 8px; }
  form { margin: 0; }
  .persona { display: block; width: 100%; min-height: 48px; margin: 0 0 12px; padding: 12px 16px; text-align: left;
    font: inherit; background: #fff; color: inherit; border: 2px solid #c8102e; border-radius: 8px; cursor: pointer; }
  .persona:focus-visible, .cancel:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
  .persona span { display: block; font-size: .875rem; color: #444; }
  .cancel { width: 100%; min-height: 48px; font: inherit; background: transparent; border: 1px solid #666; border-radius: 8px; cursor: pointer; }
`;

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><strong>Singpass</strong><p>Local fake for the demo and tests: not the real Singpass</p></header>
<main>${body}</main>
</body>
</html>`;
}

function loginPage(uid: string) {
  const base = `/interaction/${encodeURIComponent(uid)}`;
  const buttons = FAKE_SINGPASS_PERSONAS.map(
    (p) =>
      `<button class="persona" type="submit" name="persona" value="${escapeHtml(p.sub)}"><strong>${escapeHtml(p.name)}</strong><span>${escapeHtml(p.description)}</span></button>`,
  ).join('\n');
  return layout(
    'Log in with Singpass (fake)',
    `<h1>Retrieve Myinfo: who are you?</h1>
<p>Pick a demo person. Their Myinfo is shared with the booking site at once (consent is granted for the demo).</p>
<form method="post" action="${base}/login">
${buttons}
</form>
<form method="post" action="${base}/cancel">
<button class="cancel" type="submit">Cancel</button>
</form>`,
  );
}

function errorPage(message: string) {
  return layout('Singpass (fake): error', `<h1>Something went wrong</h1><p>${escapeHtml(message)}</p>`);
}
