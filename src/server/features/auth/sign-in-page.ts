import { escapeHtml } from '#server/http/escape-html.js';

/**
 * The pages of signing in and out, served by the server itself so they work before (and without)
 * the client build. Self-contained: inline styles are allowed by the CSP, scripts are not and
 * none are used.
 */

/*
 * The app's own colours (src/client/styles.css), so the page reads as the same site and not as a
 * look-alike: ink text and buttons, the gold focus ring, field borders and rings at 3:1 or more
 * (WCAG 1.4.11), and links tall enough to tap (24 px, WCAG 2.5.8).
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
  font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0b1330;
  background:linear-gradient(135deg,#0b1330 0%,#1a2244 55%,#262f55 100%);padding:16px}
main{width:100%;max-width:400px;background:#fff;border-radius:16px;padding:32px 28px;
  box-shadow:0 20px 50px rgba(0,0,0,.35)}
.brand{font-family:"Iowan Old Style","Palatino Linotype",Palatino,Georgia,serif;font-weight:700;
  font-size:22px;letter-spacing:.5px;color:#7f5c17;margin:0 0 4px}
h1{font-size:24px;margin:0}
.fr{margin:2px 0 24px;color:#535a70;font-size:14px}
label{display:block;font-weight:600;font-size:14px;margin:16px 0 6px}
label span{font-weight:400;color:#535a70}
input{width:100%;font:inherit;padding:11px 12px;border:1px solid #8c8676;border-radius:10px;
  color:inherit;background:#fff}
:focus-visible{outline:2px solid #a67a1f;outline-offset:2px}
button{width:100%;margin-top:24px;padding:12px;border:0;border-radius:10px;font:inherit;
  font-weight:700;color:#fff;background:#111937;cursor:pointer}
button:hover{background:#1a2244}
.error{background:#fef3f2;color:#b42318;border:1px solid #fecdca;border-radius:10px;
  padding:10px 12px;font-size:14px;margin-bottom:8px}
.note{margin:0 0 8px;font-size:14px;color:#353b52}
.back{display:block;text-align:center;margin-top:14px;padding:6px 0;color:#111937;font-size:14px}
`;

/**
 * A page of the server's own, in the app's colours: its title, then what goes under the brand. It
 * names the app's icon, or the browser asks for /favicon.ico, which does not exist.
 */
function authPage(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${title} · Palmarès</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">Palmarès</p>
${content}
</main>
</body>
</html>`;
}

export interface SignInPageOptions {
  error?: string | undefined;
  email?: string | undefined;
  returnTo: string;
}

export function renderSignInPage(options: SignInPageOptions): string {
  const error = options.error
    ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>`
    : '';
  return authPage(
    'Sign in',
    `<h1>Sign in</h1>
<p class="fr" lang="fr">Connexion</p>
${error}
<form method="post" action="/api/login">
<input type="hidden" name="returnTo" value="${escapeHtml(options.returnTo)}">
<label for="email">E-mail <span lang="fr">/ Adresse e-mail</span></label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="320" value="${escapeHtml(options.email ?? '')}"${options.email ? '' : ' autofocus'}>
<label for="password">Password <span lang="fr">/ Mot de passe</span></label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024"${options.email ? ' autofocus' : ''}>
<button type="submit">Sign in <span lang="fr">· Se connecter</span></button>
</form>
<a class="back" href="/">Back to the site <span lang="fr">· Retour au site</span></a>`,
  );
}

/** A short page for sign-in failures that are not a wrong password (expired or refused OIDC flow). */
export function renderSignInProblemPage(message: string): string {
  return authPage(
    'Sign-in problem',
    `<h1>Sign-in did not complete</h1>
<p class="fr" lang="fr">La connexion n'a pas abouti</p>
<p class="error" role="alert">${escapeHtml(message)}</p>
<a class="back" href="/api/login">Try again <span lang="fr">· Réessayer</span></a>
<a class="back" href="/">Back to the site <span lang="fr">· Retour au site</span></a>`,
  );
}

/**
 * Asked instead of signing out when the sign-out link was not followed from this site (another
 * site's link or image, a typed address): the button posts, which only this site can do.
 */
export function renderSignOutPage(): string {
  return authPage(
    'Sign out?',
    `<h1>Sign out?</h1>
<p class="fr" lang="fr">Se déconnecter&nbsp;?</p>
<p class="note">A link from outside Palmarès asked to sign you out.</p>
<p class="note" lang="fr">Un lien extérieur à Palmarès demande à vous déconnecter.</p>
<form method="post" action="/api/logout">
<button type="submit">Sign out <span lang="fr">· Se déconnecter</span></button>
</form>
<a class="back" href="/">Stay signed in <span lang="fr">· Rester connecté</span></a>`,
  );
}
