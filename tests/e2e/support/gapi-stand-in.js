// Stand-in for Google's gapi iframe library (https://apis.google.com/js/api.js), which the Firebase popup flow needs
// even with the Auth emulator: the page talks to the emulator's helper iframe through it. The test machine is
// offline, so the browser tests serve this instead. It implements only the calls Firebase and the emulator iframe
// make: getContext().open / getParentIframe, restyle, ping, register and send, over window.postMessage.
(function () {
  var TAG = 'gapi-stand-in';
  var nextId = 1;
  var waiting = {};

  function channel(target, handlers) {
    window.addEventListener('message', function (event) {
      var message = event.data;
      if (!message || message.tag !== TAG || event.source !== target()) return;
      if (message.kind === 'reply') {
        var done = waiting[message.id];
        delete waiting[message.id];
        // gapi swallows exceptions thrown by callbacks (Firebase's webStorageSupport callback always throws).
        try { if (done) done(message.result); } catch (error) {}
        return;
      }
      var handler = message.name === 'ping' ? function () { return { status: 'ACK' }; } : handlers[message.name];
      var result = handler ? handler(message.data) : undefined;
      event.source.postMessage({ tag: TAG, kind: 'reply', id: message.id, result: result === undefined ? [] : [result] }, '*');
    });
    return {
      register: function (name, handler) { handlers[name] = handler; },
      send: function (name, data, callback) {
        var id = nextId++;
        waiting[id] = callback || function () {};
        target().postMessage({ tag: TAG, kind: 'send', id: id, name: name, data: data }, '*');
      },
    };
  }

  function openIframe(options, ready) {
    var element = document.createElement('iframe');
    var attributes = options.attributes || {};
    Object.keys(attributes).forEach(function (key) {
      if (key === 'style') Object.assign(element.style, attributes.style);
      else element.setAttribute(key, attributes[key]);
    });
    element.src = options.url;
    (options.where || document.body).appendChild(element);
    var link = channel(function () { return element.contentWindow; }, {});
    var iframe = {
      restyle: function () { return Promise.resolve(); },
      register: link.register,
      send: link.send,
      ping: function (callback) {
        return new Promise(function (resolve) {
          var answered = false;
          function attempt() {
            if (answered) return;
            link.send('ping', {}, function () {
              if (answered) return;
              answered = true;
              if (callback) callback();
              resolve();
            });
            setTimeout(attempt, 200);
          }
          attempt();
        });
      },
    };
    return ready(iframe);
  }

  var context = {
    open: openIframe,
    getParentIframe: function () { return channel(function () { return window.parent; }, {}); },
  };
  window.gapi = {
    load: function (_module, options) { setTimeout(options.callback || options, 0); },
    iframes: { Iframe: function () {}, CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; }, getContext: function () { return context; } },
  };

  var src = document.currentScript && document.currentScript.src;
  var onload = src ? new URL(src).searchParams.get('onload') : null;
  if (onload && typeof window[onload] === 'function') window[onload]();
  if (typeof window.gapi_onload === 'function') window.gapi_onload();
})();
