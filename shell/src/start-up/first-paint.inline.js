/* global document, window, location */
/**
 * The first screen's paint before any bundle has arrived. The shell's build inlines this classic
 * script (minified) into index.html's head, before any style sheet; the server allows it by its hash in
 * the page's content security policy.
 *
 * For a browser session that has passed the human check (its token is in sessionStorage, as
 * `readVerificationToken` reads it) on Home (`/`, `/index`, `/home`), it asks for the first page of
 * hot products right away, with the headers the app will send, so the app's own request for the
 * same URL is answered by the browser's HTTP cache (the answer is `public, max-age`), and draws
 * those products in the places the Home screen gives them, under a search-bar and section
 * placeholder of the screen's size. This layer is decoration: hidden from assistive technology,
 * and removed as soon as the real screen has drawn the same products (the `marketplace:screen-ready`
 * event), the shopper touches it, the app leaves Home, or after 10 s. A first-time shopper gets
 * nothing here: the human check comes first.
 */
(function () {
  var VERIFICATION_STORAGE_KEY = 'humanVerification';
  var LANG_COOKIE = 'Local_Lang';
  var READY_EVENT = 'marketplace:screen-ready';
  var HOME_PATH = /^\/(index|home)?\/?$/;
  var HOT_PRODUCTS_URL = '/api/catalogue/hot_products?page=1&pageSize=20';
  var TILES = 6;
  var HOLD_MS = 1500;

  var verified = false;
  try {
    var stored = JSON.parse(sessionStorage.getItem(VERIFICATION_STORAGE_KEY) || 'null');
    verified = !!stored && typeof stored.verificationToken === 'string' && Date.parse(stored.expiresAt) > Date.now();
  } catch (_ignored) {
    verified = false;
  }
  if (!verified || !HOME_PATH.test(location.pathname) || typeof fetch !== 'function') return;

  // The app sends the session's language (the cookie's, else English for a browser in English).
  var lang = 'en';
  var cookie = new RegExp('(?:^|;\\s*)' + LANG_COOKIE + '=([^;]*)').exec(document.cookie);
  if (cookie) {
    try {
      lang = JSON.parse(decodeURIComponent(cookie[1])).file_name || lang;
    } catch (_ignored) {
      lang = 'en';
    }
  }

  // The app's bundles wait (index.ts) until these products are on screen: evaluating them would hold the
  // main thread and keep the browser from painting what is already here. Never longer than HOLD_MS.
  var release;
  window.__firstPaint = new Promise(function (resolve) {
    release = resolve;
  });
  window.setTimeout(release, HOLD_MS);

  var layer = document.createElement('div');
  layer.id = 'first-paint';
  layer.className = 'first-paint';
  layer.setAttribute('aria-hidden', 'true');
  var searchBar = document.createElement('div');
  searchBar.className = 'first-paint__search';
  searchBar.appendChild(document.createElement('div'));
  layer.appendChild(searchBar);
  var sections = document.createElement('div');
  sections.className = 'first-paint__sections';
  sections.appendChild(document.createElement('div'));
  sections.appendChild(document.createElement('div'));
  layer.appendChild(sections);
  var grid = document.createElement('ul');
  grid.className = 'first-paint__grid';
  layer.appendChild(grid);
  // This script runs in the head, before the style sheets (a script after a pending style sheet waits
  // for it): the body does not exist yet, and a fixed layer draws the same as a child of <html>.
  document.documentElement.appendChild(layer);

  var removed = false;
  var remove = function () {
    if (removed) return;
    removed = true;
    release();
    if (layer.parentNode) layer.parentNode.removeChild(layer);
    window.removeEventListener(READY_EVENT, remove);
    window.clearInterval(watch);
  };
  window.addEventListener(READY_EVENT, remove);
  layer.addEventListener('pointerdown', remove);
  var started = Date.now();
  var watch = window.setInterval(function () {
    if (!HOME_PATH.test(location.pathname) || Date.now() - started > 10000) remove();
  }, 250);

  fetch(HOT_PRODUCTS_URL, { headers: { lang: lang, language: lang } })
    .then(function (response) {
      return response.ok ? response.json() : null;
    })
    .then(function (body) {
      var list = body && body.code === 1 && body.data && body.data.list;
      if (removed || !list || !list.length) return remove();
      // Released once the first row's pictures have loaded and the frame showing them has been drawn.
      var pending = 2;
      var loaded = function () {
        pending -= 1;
        if (pending === 0) {
          window.requestAnimationFrame(function () {
            window.setTimeout(release, 0);
          });
        }
      };
      list.slice(0, TILES).forEach(function (product, index) {
        var tile = document.createElement('li');
        var image = document.createElement('img');
        image.alt = '';
        image.width = 180;
        image.height = 180;
        if (index < 2) {
          image.setAttribute('fetchpriority', 'high');
          image.onload = loaded;
          image.onerror = loaded;
        }
        image.src = String(product.image);
        var title = document.createElement('span');
        title.textContent = String(product.title);
        tile.appendChild(image);
        tile.appendChild(title);
        grid.appendChild(tile);
      });
    })
    .catch(remove);
})();
