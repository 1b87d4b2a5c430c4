// Starts the app on a page the api has rendered (backend/src/platform/http/serve-frontend.ts) once
// that page has painted (the frame's callback, then a task): the page paints from its HTML and CSS
// alone, and its scripts, which only take it over (hydrate), are fetched after that: the route's
// chunks (data-chunks) preloaded all at once, then the entry (data-entry). A classic script file,
// for the CSP allows no inline script.
//
// Until React listens to the page (main.tsx sends 'mf:hydrating' once hydrateRoot has been called),
// a form sent is held here rather than sent by the browser (which would reload the page), and sent
// again then, so that the page's own checks and request handle it. From then on React handles every
// event itself (hydrating at once the part that is tapped), so nothing is held, or sent twice.
(function () {
  var self = document.currentScript;
  var entry = self && self.getAttribute('data-entry');
  if (!entry) return;
  var chunks = (self.getAttribute('data-chunks') || '').split(' ').filter(Boolean);

  var held = null;
  function hold(event) {
    event.preventDefault();
    held = { form: event.target, submitter: event.submitter || null };
  }
  document.addEventListener('submit', hold, true);
  document.addEventListener(
    'mf:hydrating',
    function () {
      document.removeEventListener('submit', hold, true);
      if (!held || !held.form.isConnected) return;
      var form = held.form;
      var submitter = held.submitter && held.submitter.isConnected ? held.submitter : null;
      held = null;
      form.requestSubmit(submitter);
    },
    { once: true },
  );

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
