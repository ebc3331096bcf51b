/* global window, document */
// Home's first screen from one JSON answer, in plain DOM calls (docs/decisions/0010-lighthouse-against-a-reference.md).
(function () {
  var STEPS = [160, 320, 640, 1080];
  var picture = function (src, width) {
    var wanted = width * Math.min(window.devicePixelRatio || 1, 3);
    var step =
      STEPS.find(function (s) {
        return s >= wanted;
      }) || STEPS[STEPS.length - 1];
    return src + (src.indexOf('?') >= 0 ? '&' : '?') + 'w=' + step;
  };
  var NAMES = ['Phones', 'Computers', 'Fashion', 'Beauty', 'Home', 'Sports', 'Toys', 'Food', 'Books', 'Garden'];
  var categories = document.getElementById('categories');
  NAMES.forEach(function (name, i) {
    var li = document.createElement('li');
    li.innerHTML =
      '<svg viewBox="0 0 44 44" aria-hidden="true"><circle cx="22" cy="22" r="20" fill="hsl(' +
      i * 36 +
      ',70%,60%)"/></svg>';
    li.appendChild(document.createTextNode(name));
    categories.appendChild(li);
  });
  fetch('/api/catalogue/hot_products?page=1&pageSize=20', { headers: { lang: 'en-us', language: 'en-us' } })
    .then(function (response) {
      return response.json();
    })
    .then(function (envelope) {
      var list = document.getElementById('products');
      envelope.data.list.forEach(function (product, i) {
        var li = document.createElement('li');
        var a = document.createElement('a');
        a.href = '/detail/' + product.id;
        var img = document.createElement('img');
        img.src = picture(product.image, 180);
        img.alt = '';
        img.width = 180;
        img.height = 180;
        if (i >= 4) img.loading = 'lazy';
        var title = document.createElement('span');
        title.textContent = product.title;
        var price = document.createElement('b');
        price.textContent = '$' + (product.unitPrice / 100).toFixed(2);
        a.append(img, title, price);
        li.appendChild(a);
        list.appendChild(li);
      });
    });
})();
