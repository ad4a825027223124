const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The page shown when an SSO sign-in fails at its callback (forged,
 * replayed, refused by the provider...): the sentence and a way back, no
 * script, every text escaped (it may quote an address the provider gave).
 * @example reply.code(400).type('text/html; charset=utf-8').send(signInFailurePage('This sign-in was already used.'))
 */
export function signInFailurePage(message: string): string {
  const text = message.replace(/[&<>"']/g, (c) => ESCAPES[c]);
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign-in failed · ussynth</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/styles.css">
</head>
<body>
  <header class="site"><p class="brand"><a href="/">ussynth</a></p></header>
  <main class="narrow">
    <h1>Sign-in failed</h1>
    <p id="alert" class="alert" role="alert">${text}</p>
    <p><a href="/signin">Back to sign-in</a></p>
  </main>
</body>
</html>
`;
}
