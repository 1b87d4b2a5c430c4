// Starts the app on a page the api has rendered (backend/src/platform/http/serve-frontend.ts) once
// that page has painted (the frame's callback, then a task): the page paints from its HTML and CSS
// alone, and its scripts, which only take it over (hydrate), are fetched after that: the route's
// chunks (data-chunks) preloaded all at once, then the entry (data-entry). A classic script file,
// for the CSP allows no inline script.
(function () {
  var self = document.currentScript;
  var entry = self && self.getAttribute('data-entry');
  if (!entry) return;
  var chunks = (self.getAttribute('data-chunks') || '').split(' ').filter(Boolean);
  requestAnimationFrame(function () {
    setTimeout(function () {
      chunks.forEach(function (chunk) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = chunk;
        document.head.appendChild(link);
      });
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      document.head.appendChild(script);
    });
  });
})();
