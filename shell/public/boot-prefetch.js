// Boot prefetch: a classic script the shell's index.html runs before its bundle (a file, not
// inline: the CSP forbids inline script). It starts the calls the shell makes at boot — the
// signed-in user, the domain's branding and the remote registry — while the bundle downloads,
// and leaves the in-flight answers on window.__leadsmithBootPrefetch. The shell's queries take
// each one once when its request matches (shared/src/api/bootPrefetch.ts) and otherwise call
// the API as usual; a failed prefetch is simply fetched again by the normal path, which shows
// and logs the error. Keep this file small, dependency-free and in step with those queries.
(function () {
  'use strict';
  var GLOBAL = '__leadsmithBootPrefetch';
  var SID_KEY = 'leadsmith:registry-sid';

  function stored(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  /** The same per-browser id as browserSessionId() in shell/src/federation/remoteRegistry.ts. */
  function registrySid() {
    try {
      var existing = window.localStorage.getItem(SID_KEY);
      if (existing && /^[A-Za-z0-9_-]{8,64}$/.test(existing)) return existing;
      var bytes = new Uint8Array(12);
      window.crypto.getRandomValues(bytes);
      var id = Array.prototype.map
        .call(bytes, function (b) {
          return (b < 16 ? '0' : '') + b.toString(16);
        })
        .join('');
      window.localStorage.setItem(SID_KEY, id);
      return id;
    } catch {
      return 'no-storage';
    }
  }

  /** One call; resolves with the JSON body of a 2xx answer, rejects on anything else. */
  function call(method, url, headers, body) {
    var entry = {};
    entry.response = window
      .fetch(url, { method: method, headers: headers, body: body, credentials: 'same-origin' })
      .then(function (response) {
        if (!response.ok) throw new Error(method + ' ' + url + ' answered ' + response.status);
        return response.json();
      })
      .then(function (data) {
        entry.settled = { data: data };
        return data;
      });
    // Unhandled until a query takes it: a failure is reported by the query's own call instead.
    entry.response.catch(function () {});
    return entry;
  }

  if (typeof window.fetch !== 'function' || typeof Promise !== 'function') return;
  var token = stored('access_token');
  var domain = window.location.hostname;
  var headers = { Accept: 'application/json', 'User-Language': stored('lang') || 'en' };
  if (token) headers.Authorization = 'Bearer ' + token;
  var jsonHeaders = { 'Content-Type': 'application/json' };
  for (var name in headers) jsonHeaders[name] = headers[name];

  // A reseller's brand code (shared/src/theme/brandCode.ts): a link's ?brand=, kept from then on.
  function brandCode() {
    var pattern = /^[A-Za-z0-9_-]{8,64}$/;
    try {
      var fromLink = new URLSearchParams(window.location.search).get('brand');
      if (fromLink && pattern.test(fromLink)) window.localStorage.setItem('brand_code', fromLink);
      var kept = window.localStorage.getItem('brand_code');
      return kept && pattern.test(kept) ? kept : null;
    } catch {
      return null;
    }
  }
  var brand = brandCode();

  var prefetch = {};
  var brandingBody = { domain: domain };
  if (brand) brandingBody.brand = brand;
  var branding = call('POST', '/api/site-settings', jsonHeaders, JSON.stringify(brandingBody));
  branding.key = brand ? domain + ' ' + brand : domain;
  prefetch.branding = branding;
  if (token) {
    var me = call('GET', '/api/me', headers);
    me.key = token;
    prefetch.me = me;
    var sid = registrySid();
    var registry = call(
      'GET',
      '/api/remote-registry?domain=' + encodeURIComponent(domain) + '&sid=' + encodeURIComponent(sid),
      headers,
    );
    registry.key = [domain, sid, token].join(' ');
    prefetch.registry = registry;
  }
  window[GLOBAL] = prefetch;
})();
