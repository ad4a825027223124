import { SITE_ICON_SVG } from '../../favicon/index.js';

// The product's icon: the site's favicon, kept in the server so the API reference needs no built pages.
const ICON = SITE_ICON_SVG.trim();

// Swagger UI's own top bar (its logo and a URL box) is hidden; the site's header takes its place.
const CSS = `.swagger-ui .topbar { display: none; }
.ussynth-site { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1.5rem; padding: 0.75rem 1.25rem; background: #1e3a8a; font-family: system-ui, sans-serif; }
.ussynth-site a { color: #fff; }
.ussynth-site .brand { margin: 0; font-size: 1.25rem; font-weight: 700; }
.ussynth-site .brand a { text-decoration: none; display: inline-flex; align-items: center; gap: 0.5rem; }
.ussynth-site nav a { margin-right: 1rem; }
/* Swagger UI's colours darkened to WCAG AA contrast (4.5:1) with white or on white; axe-core checks them. */
.swagger-ui .info a, .swagger-ui .info .url, .swagger-ui a.nostyle, .swagger-ui .info .link { color: #1d4ed8; }
.swagger-ui .info .title small { background: #4b5563; }
.swagger-ui .info .title small.version-stamp { background: #3f6212; }
.swagger-ui .info .title small pre { color: #fff; }
.swagger-ui .btn.authorize { color: #166534; border-color: #166534; }
.swagger-ui .btn.authorize span, .swagger-ui .btn.authorize svg { color: #166534; fill: #166534; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d4ed8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #166534; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #9a3412; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b91c1c; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f766e; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #374151; }
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
  icon.src = '/v1/docs/static/theme/ussynth.svg';
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
  // Each operation's summary is a button holding a deep link to itself: a link inside a button is announced badly
  // and trapped for keyboards (axe nested-interactive). Deep links are off, so the link loses its href: plain text.
  new MutationObserver(function () {
    document.querySelectorAll('.opblock-summary-control a[href]').forEach(function (link) {
      link.removeAttribute('href');
    });
  }).observe(ui, { childList: true, subtree: true });
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
