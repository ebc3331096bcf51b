/* global document, window, location */
/**
 * The first screen's paint before any bundle has arrived. The shell's build inlines this classic
 * script (minified) into index.html's head, before any style sheet; the server allows it by its hash in
 * the page's content security policy.
 *
 * - A first-time shopper (no human-check token in sessionStorage, as `readVerificationToken` reads it)
 *   gets the human check's title and description, in the language the server chose for the page
 *   (`<meta name="first-paint-gate">`; without it, nothing is drawn).
 * - A verified shopper on Home (the server marks its page with `<meta name="first-paint-home">`)
 *   gets the first hot products, drawn where the Home screen draws them, under a search bar and
 *   section placeholders of the screen's sizes: from that meta's products, else from the first page
 *   of hot products. That page is asked for right away in any case, with the headers the app will send, so
 *   the app's own request for it is answered by the browser's HTTP cache (`public, max-age`).
 * - A verified shopper on a product's page (the server marks it with `<meta name="first-paint-product">`)
 *   gets its first picture and title where the detail screen draws them, from that meta (no request:
 *   the picture starts loading while the page is parsed).
 *
 * The script names no path a remote owns: which screen a page opens on is the server's to say.
 *
 * The layer is decoration: hidden from assistive technology, and removed as soon as the real screen
 * has drawn the same thing (the `marketplace:screen-ready` event), the shopper touches it, or after
 * 10 s; also when the app leaves the page it was drawn for. Meanwhile the app's bundles wait
 * (index.ts, through `window.__firstPaint`) until this is on screen, never longer than HOLD_MS:
 * evaluating them first would hold the main thread and keep the browser from painting what is here.
 */
(function () {
  var VERIFICATION_STORAGE_KEY = 'humanVerification';
  // The browser's pass of the check in any tab (shell/src/verification/device-verified.ts).
  var DEVICE_VERIFIED_KEY = 'humanVerifiedDevice';
  var LANG_COOKIE = 'Local_Lang';
  var READY_EVENT = 'marketplace:screen-ready';
  // The shell's own path, which it redirects to Home (app/router.tsx): reaching Home is not leaving.
  var ROOT_PATH = '/';
  var HOT_PRODUCTS_URL = '/api/catalogue/hot_products?page=1&pageSize=20';
  var TILES = 6;
  var HOLD_MS = 1500;
  var LIFETIME_MS = 10000;

  var verified = false;
  try {
    var stored = JSON.parse(window.sessionStorage.getItem(VERIFICATION_STORAGE_KEY) || 'null');
    verified = !!stored && typeof stored.verificationToken === 'string' && Date.parse(stored.expiresAt) > Date.now();
    verified = verified || Date.parse(window.localStorage.getItem(DEVICE_VERIFIED_KEY) || '') > Date.now();
  } catch (_ignored) {
    verified = false;
  }
  var gateTexts = document.querySelector('meta[name="first-paint-gate"]');
  var product = document.querySelector('meta[name="first-paint-product"]');
  var homeMeta = document.querySelector('meta[name="first-paint-home"]');
  var home = verified && !!homeMeta && typeof window.fetch === 'function';
  var detail = verified && !!product;
  var shownPath = location.pathname;
  // Whether the app left the page this layer was drawn for (the first move off `/` is its redirect).
  var left = function () {
    if (location.pathname === shownPath) return false;
    if (shownPath !== ROOT_PATH) return true;
    shownPath = location.pathname;
    return false;
  };
  // The start-up scripts' preloads (startup-preload-plugin.mjs): added once the first screen is
  // drawn, so its pictures have the network to themselves; at once when this draws nothing.
  var preloaded = false;
  var preloadStartup = function () {
    if (preloaded) return;
    preloaded = true;
    var template = document.getElementById('startup-preloads');
    if (template && template.content) document.head.appendChild(template.content.cloneNode(true));
  };
  if (verified ? !home && !detail : !gateTexts) return preloadStartup();

  // The picture URL the app asks for (shared/src/picture-url.ts, pictureUrl): the same `w`, so the
  // app's picture is this one from the HTTP cache.
  var sized = function (src, width) {
    if (src.indexOf('/api/') !== 0) return src;
    var connection = navigator.connection;
    var less = !!connection && (connection.saveData === true || /^(slow-)?[23]g$/.test(connection.effectiveType || ''));
    var wanted = less ? width : width * Math.min(window.devicePixelRatio || 1, 3);
    var steps = [160, 320, 640, 1080];
    var i = 0;
    while (i < 3 && steps[i] < wanted) i++;
    if (less && i > 0 && steps[i] > wanted) i--;
    return src + (src.indexOf('?') < 0 ? '?' : '&') + 'w=' + steps[i];
  };

  var element = function (tag, className, parent) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (parent) parent.appendChild(node);
    return node;
  };

  var release;
  window.__firstPaint = new Promise(function (resolve) {
    release = function () {
      preloadStartup();
      resolve();
    };
  });
  window.setTimeout(release, HOLD_MS);
  // A frame is on screen some time after its animation frame callbacks ran (the compositor presents
  // it): the bundles start from the task after the *next* frame's callbacks, so no script of theirs
  // runs before the first screen is presented (a script evaluated before it counts as holding it up).
  var releaseAfterPaint = function () {
    window.requestAnimationFrame(function () {
      window.requestAnimationFrame(function () {
        window.setTimeout(release, 0);
      });
    });
  };

  var layer = element('div', 'first-paint');
  layer.id = 'first-paint';
  layer.setAttribute('aria-hidden', 'true');
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
    if (((home || detail) && left()) || Date.now() - started > LIFETIME_MS) remove();
  }, 250);

  if (!verified) {
    // The human check, as the shell's interstitial lays it out (verification.css).
    layer.className = 'first-paint first-paint--gate';
    layer.setAttribute('dir', 'auto');
    element('div', 'first-paint__title', layer).textContent = gateTexts.getAttribute('data-title') || '';
    element('p', 'first-paint__description', layer).textContent = gateTexts.getAttribute('data-description') || '';
    element('div', 'first-paint__spinner', layer);
    releaseAfterPaint();
    return;
  }

  if (detail) {
    // The detail screen (detail-screen.css): header, the gallery's square first picture, the price and
    // title card. Released once the picture has loaded and the frame showing it has been drawn.
    layer.className = 'first-paint first-paint--detail';
    element('div', 'first-paint__header', layer);
    var picture = element('img', '', layer);
    picture.alt = '';
    picture.width = 390;
    picture.height = 390;
    picture.setAttribute('fetchpriority', 'high');
    picture.onload = releaseAfterPaint;
    picture.onerror = releaseAfterPaint;
    picture.src = sized(product.getAttribute('data-image') || '', 390);
    var card = element('div', 'first-paint__card', layer);
    element('div', 'first-paint__price', card);
    element('div', 'first-paint__product-title', card).textContent = product.getAttribute('data-title') || '';
    return;
  }

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

  element('div', '', element('div', 'first-paint__search', layer));
  var sections = element('div', 'first-paint__sections', layer);
  element('div', '', sections);
  element('div', '', sections);
  var grid = element('ul', 'first-paint__grid', layer);

  /**
   * Released once the first row's pictures have loaded and the frame showing them has been drawn, and
   * `answered` (if given) has settled: the app's own request then finds the answer in the HTTP cache
   * instead of asking the server a second time while the first request is still under way.
   */
  var draw = function (list, answered) {
    if (removed || !list || !list.length) return remove();
    var pending = Math.min(2, list.length) + (answered ? 1 : 0);
    var loaded = function () {
      pending -= 1;
      if (pending === 0) releaseAfterPaint();
    };
    if (answered) answered.then(loaded, loaded);
    list.slice(0, TILES).forEach(function (product, index) {
      var tile = element('li', '', grid);
      var image = element('img', '', tile);
      image.alt = '';
      image.width = 180;
      image.height = 180;
      if (index < 2) {
        image.setAttribute('fetchpriority', 'high');
        image.onload = loaded;
        image.onerror = loaded;
      }
      image.src = sized(String(product.image), 180);
      element('span', '', tile).textContent = String(product.title);
    });
  };

  // Asked for in any case: the app's own request for the same URL is then answered by the HTTP cache.
  var answer = window.fetch(HOT_PRODUCTS_URL, { headers: { lang: lang, language: lang } }).then(function (response) {
    return response.ok ? response.json() : null;
  });
  // The server usually put the first products in the page (`<meta name="first-paint-home">`): drawn at
  // once, their pictures load while the page is still being parsed. Otherwise drawn from the answer.
  var embedded = null;
  try {
    embedded = JSON.parse(homeMeta.getAttribute('data-products') || 'null');
  } catch (_ignored) {
    embedded = null;
  }
  if (embedded && embedded.length) {
    draw(embedded, answer);
  } else {
    answer
      .then(function (body) {
        draw(body && body.code === 1 && body.data && body.data.list);
      })
      .catch(remove);
  }
})();
