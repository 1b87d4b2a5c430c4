/* global document, requestAnimationFrame, setTimeout */
// Starts the app on a page the api has rendered (backend/src/platform/http/serve-frontend.ts) once
// that page has painted (the frame's callback, then a task): the page paints from its HTML and CSS
// alone, and its scripts, which only take it over (hydrate), are fetched after that: the route's
// chunks (data-chunks) preloaded all at once, then the entry (data-entry). A classic script file,
// for the CSP allows no inline script.
//
// Until React has taken the page over (the page sends 'mf:hydrated', app/router.tsx), a form sent
// is held here rather than sent by the browser (which would reload the page), and sent again then,
// so that the page's own checks and request handle it. A form React already owns (it hydrates a
// tapped part at once when it can) is React's alone, so nothing is sent twice.
(function () {
  var self = document.currentScript;
  var entry = self && self.getAttribute('data-entry');
  if (!entry) return;
  var chunks = (self.getAttribute('data-chunks') || '').split(' ').filter(Boolean);

  var hydrated = false;
  var held = null;
  function ownedByReact(node) {
    for (var key in node) if (key.indexOf('__reactFiber$') === 0) return true;
    return false;
  }
  function hold(event) {
    var form = event.target;
    if (hydrated || ownedByReact(form)) return;
    event.preventDefault();
    var sent = { form: form, submitter: event.submitter || null };
    held = sent;
    // React, listening but yet to hydrate this form, may have hydrated it for this very event and
    // handled it: then it is not sent again.
    setTimeout(function () {
      if (held === sent && ownedByReact(form)) held = null;
    });
  }
  document.addEventListener('submit', hold, true);
  document.addEventListener(
    'mf:hydrated',
    function () {
      hydrated = true;
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
