/**
 * An offline stand-in for https://apis.google.com/js/api.js, served to the browser by Playwright's
 * context.route in end-to-end tests. It implements only the gapi.iframes messaging that the Firebase
 * Auth SDK (parent page) and the auth emulator's helper iframe use to pass the popup's sign-in result:
 * open/ping/restyle/register/send on the parent side, getParentIframe().register/send on the iframe side.
 */
export const GAPI_STAND_IN = String.raw`
(function () {
  var TAG = '__gapiStandIn';
  var FILTER = function () { return true; };
  var nextId = 1;

  function Channel(target) {
    this.target = target;
    this.handlers = {};
    this.queue = {};
    this.pending = {};
  }
  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var queued = this.queue[name] || [];
    delete this.queue[name];
    for (var i = 0; i < queued.length; i++) this.answer(queued[i]);
  };
  Channel.prototype.send = function (name, data, callback) {
    var id = nextId++;
    if (callback) this.pending[id] = callback;
    this.target().postMessage({ tag: TAG, kind: 'send', id: id, name: name, data: data }, '*');
  };
  Channel.prototype.answer = function (message) {
    var handler = this.handlers[message.name];
    if (!handler) {
      (this.queue[message.name] = this.queue[message.name] || []).push(message);
      return;
    }
    var result = handler(message.data);
    this.target().postMessage({ tag: TAG, kind: 'reply', id: message.id, responses: [result] }, '*');
  };
  Channel.prototype.receive = function (message) {
    if (message.kind === 'send') this.answer(message);
    else if (message.kind === 'reply' && this.pending[message.id]) {
      var callback = this.pending[message.id];
      delete this.pending[message.id];
      callback(message.responses);
    }
  };

  var channels = [];
  var parentChannel = null;
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || message.tag !== TAG) return;
    if (message.kind === 'ping') {
      event.source.postMessage({ tag: TAG, kind: 'pong' }, '*');
      return;
    }
    for (var i = 0; i < channels.length; i++) {
      if (channels[i].frame.contentWindow === event.source) {
        if (message.kind === 'pong') channels[i].onPong();
        else channels[i].channel.receive(message);
        return;
      }
    }
    if (parentChannel && event.source === window.parent) parentChannel.receive(message);
  });

  function IframeHandle(frame) {
    var self = this;
    this.channel = new Channel(function () { return frame.contentWindow; });
    this.frame = frame;
    this.pongs = [];
    this.onPong = function () {
      var waiting = self.pongs;
      self.pongs = [];
      for (var i = 0; i < waiting.length; i++) waiting[i]();
    };
    channels.push(this);
  }
  IframeHandle.prototype.register = function (name, handler) { this.channel.register(name, handler); };
  IframeHandle.prototype.send = function (name, data, callback) { this.channel.send(name, data, callback); };
  IframeHandle.prototype.restyle = function () { return Promise.resolve(); };
  IframeHandle.prototype.ping = function (callback) {
    var frame = this.frame;
    var self = this;
    return new Promise(function (resolve) {
      var timer = setInterval(function () {
        if (frame.contentWindow) frame.contentWindow.postMessage({ tag: TAG, kind: 'ping' }, '*');
      }, 100);
      self.pongs.push(function () {
        clearInterval(timer);
        if (callback) callback();
        resolve();
      });
    });
  };

  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      var attributes = options.attributes || {};
      var style = attributes.style || {};
      for (var key in style) frame.style[key] = style[key];
      if (attributes['aria-hidden']) frame.setAttribute('aria-hidden', attributes['aria-hidden']);
      if (attributes.tabindex) frame.setAttribute('tabindex', attributes.tabindex);
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      var handle = new IframeHandle(frame);
      return Promise.resolve(onOpen ? onOpen(handle) : handle);
    },
    getParentIframe: function () {
      if (!parentChannel) parentChannel = new Channel(function () { return window.parent; });
      return parentChannel;
    },
  };

  window.gapi = window.gapi || {};
  window.gapi.load = function (_name, options) {
    var callback = typeof options === 'function' ? options : options && options.callback;
    setTimeout(function () { if (callback) callback(); }, 0);
  };
  window.gapi.iframes = {
    CROSS_ORIGIN_IFRAMES_FILTER: FILTER,
    getContext: function () { return context; },
  };

  var script = document.currentScript;
  var onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
`;
