
// The product's icon: the site's favicon, drawn here so the API reference needs no built pages.
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1d4ed8"/><path d="M4 4v5a4 4 0 0 0 8 0V4h-2v5a2 2 0 0 1-4 0V4z" fill="#fff"/></svg>';

// Swagger UI's own top bar (its logo and a URL box) is hidden; the site's header takes its place.
const CSS = `.swagger-ui .topbar { display: none; }
.ussynth-site { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1.5rem; padding: 0.75rem 1.25rem; background: #1e3a8a; font-family: system-ui, sans-serif; }
.ussynth-site a { color: #fff; }
.ussynth-site .brand { margin: 0; font-size: 1.25rem; font-weight: 700; }
.ussynth-site .brand a { text-decoration: none; display: inline-flex; align-items: center; gap: 0.5rem; }
.ussynth-site nav a { margin-right: 1rem; }
`;

// A same-origin script file (the page's CSP allows no inline script): the header, made with DOM calls.
const JS = `(function () {
  var header = document.createElement('header');
  header.className = 'ussynth-site';
  var brand = document.createElement('p');
  brand.className = 'brand';
  var home = document.createElement('a');
  home.href = '/';
  var icon = document.createElement('img');
  icon.src = './theme/ussynth.svg';
  icon.alt = '';
  icon.width = 24;
  icon.height = 24;
  home.append(icon, 'ussynth API reference');
  brand.append(home);
  var nav = document.createElement('nav');
  nav.setAttribute('aria-label', 'Site');
  [['/', 'Free demo'], ['/signup', 'Sign up'], ['/dashboard', 'Dashboard'], ['/docs/api.html', 'API guide'], ['/docs/errors.html', 'Error codes'], ['/docs/client.html', 'TypeScript client']].forEach(function (item) {
    var link = document.createElement('a');
    link.href = item[0];
    link.textContent = item[1];
    nav.append(link);
  });
  header.append(brand, nav);
  var main = document.createElement('main');
  var ui = document.getElementById('swagger-ui');
  ui.parentNode.insertBefore(header, ui);
  ui.parentNode.insertBefore(main, ui);
  main.append(ui);
})();
`;

/**
 * The API reference's look as the product's, for @fastify/swagger-ui's
 * `theme`: the title, the ussynth icon, and the site's header with its links
 * in place of Swagger UI's top bar (and its logo).
 * @example await app.register(swaggerUi, { routePrefix: '/v1/docs', theme: DOCS_THEME })
 */
export const DOCS_THEME = {
  title: 'ussynth API reference',
  favicon: [{ filename: 'ussynth.svg', rel: 'icon', type: 'image/svg+xml', sizes: 'any', content: ICON }],
  css: [{ filename: 'ussynth.css', content: CSS }],
  js: [{ filename: 'ussynth.js', content: JS }],
};
